import { WorkerExitedError, workerExited, workerPool } from '../workers/pool.ts';
import type { CellResult } from './results-log.ts';
import type { CellTask } from './run-cell.ts';
import { runCell } from './run-cell.ts';

/**
 * Run the tasks on `workers` worker processes, calling `done` with each result as it comes (in
 * any order). One worker runs them here, one after the other, without a pool. The first failure
 * stops the sweep: tasks not yet started are dropped, and the error is rethrown. A cell's result
 * is plain JSON (it is written as a line of `results.jsonl`), so nothing is lost crossing to this
 * process.
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
  const pool = workerPool(Math.min(workers, tasks.length));
  const run = async (task: CellTask): Promise<CellResult> => {
    try {
      return (await pool.run(task)) as CellResult;
    } catch (error) {
      throw workerExited(error) ? cellWorkerExited(task) : error;
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

/** The cell whose worker ended, and the `schedlab run` that runs it alone. */
function cellWorkerExited(task: CellTask): WorkerExitedError {
  const { id, discipline, label, workload, load, seed, options } = task.cell;
  const { profile, contention, knowledge, exactRuntimes } = task.settings;
  const alone = [
    `schedlab run -w ${task.specFile} --seed ${seed} -d ${discipline}`,
    ...(options && Object.keys(options).length > 0 ? [`--options '${JSON.stringify(options)}'`] : []),
    `--profile ${profile} --contention ${contention} --knowledge ${knowledge}`,
    ...(exactRuntimes ? ['--exact-runtimes'] : []),
    ...task.plugins.map((p) => `--plugin ${p}`),
  ].join(' ');
  return new WorkerExitedError(
    `cell ${id} of the sweep (${label} on ${workload}, load ${load}, seed ${seed})`,
    'the cells finished are kept, and the same command runs the rest',
    alone,
  );
}
