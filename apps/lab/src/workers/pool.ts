import { SchedlabError } from '@js/core';
import Tinypool from 'tinypool';

/**
 * The worker module: `worker.ts` beside this file when running from source (the child inherits
 * `--import tsx` and `--conditions` with the rest of execArgv), `dist/worker.js` (a tsup entry)
 * once built, where this code is bundled into a file of `dist/`.
 */
const workerModule = (): string =>
  import.meta.url.endsWith('.ts')
    ? new URL('./worker.ts', import.meta.url).href
    : new URL('./worker.js', import.meta.url).href;

/**
 * `size` worker processes, started now, running the worker module's exports.
 *
 * Processes, not worker threads: on a 16-core machine, 16 threads of one process ran a CPU-bound
 * sweep 3.3× faster than one worker, 16 processes 5.6× (2 workers: 1.69× and 1.85×). Threads share
 * the process's V8 platform, whose four background threads do every isolate's concurrent garbage
 * collection and optimising compilation, and one malloc.
 */
export function workerPool(size: number): Tinypool {
  return new Tinypool({
    filename: workerModule(),
    runtime: 'child_process',
    minThreads: size,
    maxThreads: size,
    execArgv: process.execArgv,
  });
}

/** Whether a task failed because its worker process ended (tinypool's words for it). */
export const workerExited = (error: unknown): boolean =>
  (error as Error | undefined)?.message === 'Worker exited unexpectedly';

/** A worker process ended in the middle of a task: the task is named, and how to run it alone. */
export class WorkerExitedError extends SchedlabError {
  readonly code = 'WORKER_EXITED';
  /** `what` the worker ran, what was kept (`kept`, if anything) and the command that runs it alone. */
  constructor(what: string, kept: string | undefined, alone: string) {
    super(
      `the worker process running ${what} ended before it did (a plugin ending its process, or the ` +
        `process killed, for instance for memory)${kept ? `; ${kept}` : ''}. To see why, run it alone: ${alone}`,
    );
  }
}
