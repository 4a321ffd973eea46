import { hasRunMinimum, type JobView, type SchedulingContext } from '@js/core';
import { fitsWithin } from '@js/machine';
import * as z from 'zod';

/**
 * Processors and resources that a selection may still hand out. `take` and `give` keep the
 * count and the resource ledger together, so a tentative selection (ADSUBSET's first fit) can be
 * undone job by job.
 */
export class Capacity {
  /** Processors available. */
  processors: number;
  /** Resources available. */
  readonly resources: Float64Array;

  readonly #capacities: ArrayLike<number>;

  constructor(capacities: ArrayLike<number>, processors: number, resources: ArrayLike<number>) {
    this.#capacities = capacities;
    this.processors = processors;
    this.resources = Float64Array.from(resources);
  }

  /** Take `count` processors and the job's resources if they are available, and say so. */
  take(job: JobView, count: number): boolean {
    if (count > this.processors || !fitsWithin(job.demand, this.resources, this.#capacities)) return false;
    this.processors -= count;
    for (let r = 0; r < job.demand.length; r++) this.resources[r] = this.resources[r]! - job.demand[r]!;
    return true;
  }

  /** Give back what `take(job, count)` took. */
  give(job: JobView, count: number): void {
    this.processors += count;
    for (let r = 0; r < job.demand.length; r++) this.resources[r] = this.resources[r]! + job.demand[r]!;
  }
}

/**
 * What is free right now, for the run-to-completion disciplines (seed 000 §5.1, LSF-RTC-AD):
 * the idle processors and the free amount of every resource.
 */
export function freeNow(ctx: SchedulingContext): Capacity {
  const { spec } = ctx.machine;
  const free = Array.from(spec.capacities, (_, r) => ctx.machine.free(r));
  return new Capacity(spec.capacities, ctx.machine.idleProcessors, free);
}

/**
 * The first step of LSF-MIG and LSF-MALL-AD (seed 000 §5.1): running jobs that have not yet run
 * the minimum since their last start or malleation (the profile's `minRunBeforeReallocation`, ten
 * minutes on LSF), or that are inside an operation's overhead, keep running; everything else they
 * do not hold is available for re-assignment. A job still being checkpointed will release its processors, so they count as
 * available, but it cannot be restarted before it has.
 */
export class Reallocation extends Capacity {
  /** Running jobs that keep running untouched. */
  readonly kept: JobView[] = [];
  /** Jobs to choose from: running ones of age, pending ones, checkpointed ones at rest. */
  readonly pool: JobView[] = [];
  /** When the youngest kept job comes of age (Infinity if none). */
  readonly comesOfAge: number;

  constructor(ctx: SchedulingContext, minimumRun: number) {
    const { machine, jobs } = ctx;
    super(machine.spec.capacities, machine.processors, machine.spec.capacities);
    let due = Number.POSITIVE_INFINITY;
    for (const job of jobs.running) {
      if (job.inOverhead || !hasRunMinimum(job.sinceRun, minimumRun, ctx.now)) {
        this.kept.push(job);
        this.processors -= job.allocated;
        for (let r = 0; r < job.demand.length; r++) this.resources[r] = this.resources[r]! - job.demand[r]!;
        if (!job.inOverhead) due = Math.min(due, ctx.now + minimumRun - job.sinceRun);
      } else {
        this.pool.push(job);
      }
    }
    this.comesOfAge = due;
    for (const job of jobs.pending) this.pool.push(job);
    for (const job of jobs.checkpointed) if (!job.inOverhead) this.pool.push(job);
  }
}

/** Wake the discipline once at `due` (one timer outstanding at a time, the earliest). */
export class Wake {
  #at = Number.POSITIVE_INFINITY;

  at(ctx: SchedulingContext, due: number, tag: string): void {
    if (ctx.now >= this.#at) this.#at = Number.POSITIVE_INFINITY;
    if (!Number.isFinite(due) || due <= ctx.now || due >= this.#at) return;
    this.#at = due;
    ctx.setTimer(due, tag);
  }
}

/**
 * The next quantum expiry after `now`: quanta fall on multiples of the quantum, not counted from
 * whenever an instance of the discipline happened to wake, so a discipline rebuilt mid-run from
 * the cache alone wakes when the original would (restartability, seed 000 §3).
 */
export const nextQuantum = (now: number, quantum: number): number =>
  (Math.floor(now / quantum) + 1) * quantum;

/**
 * The quantum of LSF-MIG and its adaptive and malleable relatives. The extension mainline
 * "sleeps until a scheduling event or a timeout (corresponding to the scheduling quantum)" (seed
 * 000 §4) and LSF-MIG re-evaluates "whenever a job arrives or departs or when a quantum expires"
 * (§5.1); the paper names no value, so the one the other LSF disciplines use (60 s).
 */
export const reallocationOptions = z
  .object({
    quantum: z
      .number()
      .positive()
      .default(60)
      .describe(
        'quantum, seconds: while a job waits, the selection is re-evaluated at every multiple of it, so a job that has acquired less than a running one of age displaces it (the paper names no value; 60 s as for the other LSF disciplines)',
      ),
  })
  .strict();

/**
 * When LSF-MIG and its relatives look again without an arrival or departure: at the next quantum
 * while a job of the pool waits (acquired processing times move on, so the feedback order may
 * change), and when a kept job comes of age while there is a pool to weigh it against — or, for
 * the malleable ones (`grows`), idle processors it may then grow onto ("as the load becomes
 * lighter, long-running jobs receive more processors", §6.2).
 */
export function wakeAgain(
  ctx: SchedulingContext,
  wake: Wake,
  available: Reallocation,
  selected: number,
  quantum: number,
  grows = false,
): void {
  const idle = grows && available.processors > 0 && available.kept.length > 0;
  if (available.pool.length === 0 && !idle) return;
  wake.at(ctx, available.comesOfAge, 'minimum run');
  if (selected < available.pool.length) wake.at(ctx, nextQuantum(ctx.now, quantum), 'quantum');
}
