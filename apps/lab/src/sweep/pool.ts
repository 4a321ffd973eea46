import { SchedlabError } from '@js/core';
import Tinypool from 'tinypool';
import type { CellResult } from './results-log.ts';
import type { CellTask } from './run-cell.ts';
import { runCell } from './run-cell.ts';

/**
 * The worker module: `worker.ts` beside this file when running from source (the child inherits
 * `--import tsx` and `--conditions` with the rest of execArgv), `dist/sweep-worker.js` (a tsup
 * entry) once built, where this code is bundled into a file of `dist/`.
 */
const workerModule = (): string =>
  import.meta.url.endsWith('.ts')
    ? new URL('./worker.ts', import.meta.url).href
    : new URL('./sweep-worker.js', import.meta.url).href;

/**
 * Run the tasks on `workers` child processes, calling `done` with each result as it comes (in any
 * order). One worker runs them here, one after the other, without a pool. The first failure stops
 * the sweep: tasks not yet started are dropped, and the error is rethrown.
 *
 * Processes, not worker threads: on a 16-core machine, 16 threads of one process ran a CPU-bound
 * sweep 3.3× faster than one worker, 16 processes 5.6× (2 workers: 1.69× and 1.85×). Threads share
 * the process's V8 platform, whose four background threads do every isolate's concurrent garbage
 * collection and optimising compilation, and one malloc. A cell's result is plain JSON (it is
 * written as a line of `results.jsonl`), so nothing is lost crossing the process boundary.
 */
export async function runCells(
  tasks: readonly CellTask[],
  workers: number,
  done: (result: CellResult) => void,
): Promise<void> {
  if (workers === 1 || tasks.length <= 1) {
    for (const task of tasks) done(await runCell(task));
    return;
  }
  const processes = Math.min(workers, tasks.length);
  const pool = new Tinypool({
    filename: workerModule(),
    runtime: 'child_process',
    minThreads: processes,
    maxThreads: processes,
    execArgv: process.execArgv,
  });
  const run = async (task: CellTask): Promise<CellResult> => {
    try {
      return (await pool.run(task)) as CellResult;
    } catch (error) {
      throw (error as Error).message === WORKER_EXITED ? new WorkerExitedError(task) : error;
    }
  };
  try {
    await Promise.all(tasks.map(async (task) => done(await run(task))));
  } catch (error) {
    pool.cancelPendingTasks();
    throw error;
  } finally {
    await pool.destroy();
  }
}

/** What tinypool says when a worker process ends while running a task. */
const WORKER_EXITED = 'Worker exited unexpectedly';

/** A worker process ended in the middle of a cell: the cell is named, so it can be run on its own. */
export class WorkerExitedError extends SchedlabError {
  readonly code = 'WORKER_EXITED';
  constructor(task: CellTask) {
    const { id, discipline, label, workload, load, seed, options } = task.cell;
    const { profile, contention, knowledge, exactRuntimes } = task.settings;
    const rerun = [
      `schedlab run -w ${task.specFile} --seed ${seed} -d ${discipline}`,
      ...(options && Object.keys(options).length > 0 ? [`--options '${JSON.stringify(options)}'`] : []),
      `--profile ${profile} --contention ${contention} --knowledge ${knowledge}`,
      ...(exactRuntimes ? ['--exact-runtimes'] : []),
      ...task.plugins.map((p) => `--plugin ${p}`),
    ].join(' ');
    super(
      `sweep: the worker process running cell ${id} (${label} on ${workload}, load ${load}, seed ${seed}) ` +
        'ended before the cell did (a plugin ending its process, or the process killed, for instance for ' +
        'memory); the cells finished are kept and the same command runs the rest. To see why, run the ' +
        `cell alone: ${rerun}`,
    );
  }
}
