import { Machine, type MachineSpec } from '@js/machine';
import type { DisciplineDefinition } from '../discipline/define.ts';
import type { JobOutcome } from '../engine/observer.ts';
import type { RunResult, SimulationOptions } from '../engine/run-options.ts';
import { simulate } from '../engine/simulation.ts';
import type { Job } from '../job/job.ts';
import { InvariantChecker, type InvariantOptions } from './invariants.ts';

/** One job's place in a schedule, for golden tests. */
export interface ScheduledJob {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly processors: number;
}

/** What {@link checkRun} returns: the run's result, the invariant violations found (empty when correct) and the schedule. */
export interface CheckedRun {
  readonly result: RunResult;
  readonly violations: readonly string[];
  /** The schedule, by job id. */
  readonly schedule: readonly ScheduledJob[];
  readonly outcomes: readonly JobOutcome[];
}

/** Run `discipline` over `jobs` on `machine` with an {@link InvariantChecker} attached. */
export async function checkRun(
  discipline: DisciplineDefinition,
  machine: MachineSpec,
  jobs: readonly Job[],
  options: InvariantOptions & Omit<Partial<SimulationOptions>, 'machine' | 'discipline'> = {},
): Promise<CheckedRun> {
  const checker = new InvariantChecker({
    restartAnyCount: discipline.capabilities.sizing === 'malleable',
    ...options,
  });
  const result = await simulate(jobs, {
    ...options,
    machine: new Machine(machine),
    discipline,
    observers: [...(options.observers ?? []), checker],
  });
  const schedule = checker.outcomes
    .map((o) => ({ id: o.job.id, start: o.start, end: o.end, processors: o.processors }))
    .sort((a, b) => a.id - b.id);
  return { result, violations: checker.violations, schedule, outcomes: checker.outcomes };
}
