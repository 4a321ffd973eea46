import { Machine, type MachineSpec } from '@js/machine';
import type { DisciplineDefinition } from '../discipline/define.ts';
import type { JobOutcome, RunInfo, RunObserver, RunStatus } from '../engine/observer.ts';
import { type RunResult, type SimulationOptions, simulate } from '../engine/simulation.ts';
import { executionTimeOf, isRigid, type Job } from '../job/job.ts';

export interface InvariantOptions {
  /**
   * Check declared reservations: never moved later, and honoured (the job starts by it).
   * Sound only when no runtime exceeds its estimate.
   */
  readonly reservations?: boolean;
}

/**
 * An observer that re-derives the invariants of `08-quality.md` from what the engine reports,
 * independently of the engine's own ledger: no over-commit (a sweep over progress spells), exact
 * work delivered (Σ Δt / T(p) = 1), no start before arrival, rigid sizes honoured, every job
 * finished, and optionally reservations never delayed. Violations are collected as sentences.
 */
export class InvariantChecker implements RunObserver {
  readonly violations: string[] = [];
  readonly outcomes: JobOutcome[] = [];
  status: RunStatus | undefined;
  #info: RunInfo | undefined;
  readonly #work = new Map<number, number>();
  readonly #spells: { t: number; dp: number; job: Job }[] = [];
  readonly #reservation = new Map<number, number>();

  constructor(readonly options: InvariantOptions = {}) {}

  begin(info: RunInfo): void {
    this.#info = info;
  }

  progressed(job: Job, from: number, to: number, processors: number): void {
    this.#work.set(job.id, (this.#work.get(job.id) ?? 0) + (to - from) / executionTimeOf(job, processors));
    if (to > from) this.#spells.push({ t: from, dp: processors, job }, { t: to, dp: -processors, job });
  }

  reserved(job: { id: number }, at: number, now: number): void {
    const before = this.#reservation.get(job.id);
    if (this.options.reservations && before !== undefined && at > before + 1e-9) {
      this.violations.push(`job ${job.id}: reservation delayed from ${before} to ${at} at time ${now}`);
    }
    this.#reservation.set(job.id, before === undefined ? at : Math.min(before, at));
  }

  jobEnded(o: JobOutcome): void {
    this.outcomes.push(o);
    const { job } = o;
    if (o.start < job.submit)
      this.violations.push(`job ${job.id}: started at ${o.start} before its arrival ${job.submit}`);
    if (isRigid(job) && o.processors !== job.size) {
      this.violations.push(`job ${job.id}: rigid size ${job.size} but ran on ${o.processors}`);
    }
    const work = this.#work.get(job.id) ?? 0;
    if (o.ending === 'finished' && Math.abs(work - 1) > 1e-9) {
      this.violations.push(`job ${job.id}: finished with ${work} of its work delivered`);
    }
    const due = this.#reservation.get(job.id);
    if (this.options.reservations && due !== undefined && o.start > due + 1e-9) {
      this.violations.push(`job ${job.id}: reserved for ${due} but started at ${o.start}`);
    }
  }

  end(_now: number, status: RunStatus): void {
    this.status = status;
    if (status !== 'completed') this.violations.push(`run ended '${status}', not 'completed'`);
    this.#sweep();
  }

  #sweep(): void {
    const info = this.#info!;
    // Releases before takes at the same instant: a job may start exactly when another ends.
    this.#spells.sort((a, b) => a.t - b.t || a.dp - b.dp);
    let busy = 0;
    const used = new Float64Array(info.resourceNames.length);
    for (const s of this.#spells) {
      busy += s.dp;
      const sign = Math.sign(s.dp);
      info.resourceNames.forEach((name, r) => {
        used[r] = used[r]! + sign * (s.job.resources?.[name] ?? 0);
        if (used[r]! > info.resourceCapacities[r]! + 1e-9) {
          this.violations.push(
            `time ${s.t}: ${used[r]} of '${name}' in use, capacity ${info.resourceCapacities[r]}`,
          );
        }
      });
      if (busy > info.processors)
        this.violations.push(`time ${s.t}: ${busy} processors busy of ${info.processors}`);
    }
  }
}

/** One job's place in a schedule, for golden tests. */
export interface ScheduledJob {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly processors: number;
}

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
  const checker = new InvariantChecker(options);
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
