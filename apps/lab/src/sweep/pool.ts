import Tinypool from 'tinypool';
import type { CellResult } from './results-log.ts';
import type { CellTask } from './run-cell.ts';
import { runCell } from './run-cell.ts';

/**
 * The worker module: beside this file when running from source, `dist/sweep-worker.js` (a tsup
 * entry) once built, where this code is bundled into a file of `dist/`.
 */
const workerModule = (): string =>
  import.meta.url.endsWith('.ts')
    ? new URL('./worker-source.mjs', import.meta.url).href
    : new URL('./sweep-worker.js', import.meta.url).href;

/**
 * Run the tasks on `workers` threads, calling `done` with each result as it comes (in any order).
 * One worker runs them here, one after the other, without a pool. The first failure stops the
 * sweep: tasks not yet started are dropped, and the error is rethrown.
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
  const threads = Math.min(workers, tasks.length);
  // execArgv: the threads get this process's flags (`--conditions=@js/source` from source).
  const pool = new Tinypool({
    filename: workerModule(),
    minThreads: threads,
    maxThreads: threads,
    execArgv: process.execArgv,
  });
  try {
    await Promise.all(tasks.map(async (task) => done((await pool.run(task)) as CellResult)));
  } catch (error) {
    pool.cancelPendingTasks();
    throw error;
  } finally {
    await pool.destroy();
  }
}
