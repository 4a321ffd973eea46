import type { Registry } from '@js/core';
import { WorkerExitedError, workerExited, workerPool } from '../workers/pool.ts';
import { countProgress } from '../workers/progress.ts';
import { decodeReport, executePlan, type PlanReport, type Runner, type RunPlan } from './runner.ts';

/** How to run a reproduction's runs. */
export interface RunnerOptions {
  /** Worker processes; 1 runs every run in this process, one after the other. */
  readonly workers: number;
  /** The registry of this process (built-ins and plugins), for runs made here. */
  readonly registry: Registry;
  /** The plugins each worker process loads (as `--plugin` named them). */
  readonly plugins: readonly string[];
  /** What the progress bar calls the work (`reproduce zhou-99`); none: no bar. */
  readonly label?: string;
}

/**
 * A runner: runs go to `workers` worker processes as they are asked for, each report in its own
 * promise. A reproduction asks for all its runs at once and reads the reports in its own order,
 * so its figures are the same for any number of workers. With one worker the runs take turns in
 * this process instead.
 */
export function createRunner(o: RunnerOptions): Runner {
  const progress = o.label === undefined ? undefined : countProgress(o.label, 'runs', 0);
  const counted = (report: Promise<PlanReport>): Promise<PlanReport> => {
    progress?.more(1);
    const counting = report.then((r) => {
      progress?.done();
      return r;
    });
    // Handled here too: a run failing after its reproduction has already failed (and stopped
    // reading) must not end the process as an unhandled rejection.
    counting.catch(() => undefined);
    return counting;
  };
  if (o.workers <= 1) {
    let turn: Promise<unknown> = Promise.resolve();
    return {
      run(plan) {
        const report = turn.then(() => executePlan(o.registry, plan));
        turn = report.catch(() => undefined);
        return counted(report);
      },
      close: async () => progress?.stop(),
    };
  }
  // Started at the first run: a reproduction that runs nothing through the runner starts no process.
  let pool: ReturnType<typeof workerPool> | undefined;
  const inWorker = async (plan: RunPlan): Promise<PlanReport> => {
    pool ??= workerPool(o.workers);
    try {
      return decodeReport(await pool.run({ plan, plugins: o.plugins }, { name: 'runPlan' }));
    } catch (error) {
      if (!workerExited(error)) throw error;
      throw new WorkerExitedError(
        `the run of ${plan.discipline} on ${JSON.stringify(plan.workload)} with seed ${plan.seed}`,
        undefined,
        'the same command with --workers 1',
      );
    }
  };
  return {
    run: (plan) => counted(inWorker(plan)),
    close: async () => {
      progress?.stop();
      pool?.cancelPendingTasks();
      await pool?.destroy();
    },
  };
}
