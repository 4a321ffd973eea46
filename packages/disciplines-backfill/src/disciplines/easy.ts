import { ReleaseOrder } from '@js/blocks';
import { defineDiscipline, type JobView, type SchedulingContext } from '@js/core';
import { fitsWithin } from '@js/machine';
import { z } from 'zod';

/**
 * EASY backfilling (Lifka 1995; K-resource form: Leinberger et al., seed 001 §2, FCFS/FF-EASY).
 *
 * 1. Start jobs in arrival order while they fit.
 * 2. The first that does not fit (the head) gets a reservation at the *shadow time*: the
 *    earliest time enough of every resource is free, releasing running jobs at their estimated
 *    ends. What is free then beyond the head's needs is the *extra*.
 * 3. A later job may start now if it fits now and either ends (by estimate) by the shadow time,
 *    or uses only the extra (which it then consumes).
 *
 * Tie rules: every running job whose estimated end equals the shadow time counts toward the
 * extra; a running job past its estimate is taken to end now.
 *
 * Unknown estimates (Infinity: SWF field 9 = -1, models without user estimates): a job of
 * unknown estimate never ends by a finite shadow time, so it backfills only into the extra. If the
 * head can start only after a running job of unknown estimate ends, the shadow time is unknown
 * (Infinity) and no reservation is declared: such jobs do not end together "at Infinity", and one
 * may end at any moment, so no job is known to end by the shadow time, and the extra is only what
 * is free *now* beyond the head's needs (more becomes free as jobs end, never less). Taking the
 * Infinity literally instead (every job "ends by" it, every unknown end ties) would let any job
 * that fits start and starve the head. With finite estimates none of this arises.
 */
export const easy = defineDiscipline({
  name: 'easy',
  summary:
    'EASY backfilling: the queue head gets a reservation; later jobs may start if they do not delay it',
  source: 'Lifka 1995 (EASY); Leinberger, Karypis & Kumar 1999, §2 (FCFS/FF-EASY, K resources)',
  options: z.object({}).strict(),
  create: (_options, { machine }) => {
    const reservation = new HeadReservation(machine.capacities);
    const started = (ctx: SchedulingContext, job: JobView) => {
      ctx.start(job);
      reservation.releases.add(job, ctx.estimatedEnd(job));
    };
    return {
      schedule(ctx) {
        const pending = ctx.jobs.pending;
        let i = 0;
        while (i < pending.length && ctx.machine.fits(pending[i]!.size, pending[i]!.demand))
          started(ctx, pending[i++]!);
        if (i === pending.length) return;
        const head = pending[i]!;
        const recomputed = reservation.compute(ctx, head);
        const known = reservation.shadowTime !== Number.POSITIVE_INFINITY;
        if (recomputed && known) ctx.reserve(head, reservation.shadowTime);
        // With the same head and nothing released, a job that could not backfill before still
        // cannot (idle processors and the extra only shrank): only new arrivals are candidates.
        const from = recomputed ? i + 1 : Math.max(i + 1, pending.length - arrivals(ctx));
        const resources = machine.resourceNames.length > 0;
        const now = ctx.now;
        let idle = ctx.machine.idleProcessors;
        for (let j = from; j < pending.length && idle > 0; j++) {
          const job = pending[j]!;
          if (job.size > idle || (resources && !ctx.machine.fits(job.size, job.demand))) continue;
          if ((known && now + job.estimate <= reservation.shadowTime) || reservation.takeExtra(job)) {
            started(ctx, job);
            idle -= job.size;
          }
        }
      },
    };
  },
});

/** Jobs that arrived at this instant: the tail of the queue. */
function arrivals(ctx: SchedulingContext): number {
  let n = 0;
  for (const t of ctx.triggers) if (t.kind === 'arrival') n++;
  return n;
}

/** The head job's reservation: its shadow time and the extra resources it leaves spare. */
class HeadReservation {
  shadowTime = 0;
  extraProcessors = 0;
  readonly extra: Float64Array;
  /** Running jobs in order of estimated end. */
  readonly releases = new ReleaseOrder();
  /** The job the current shadow time and extra belong to. */
  #head: JobView | undefined;

  constructor(readonly capacities: ArrayLike<number>) {
    this.extra = new Float64Array(capacities.length);
  }

  /**
   * The head's shadow time and extra. They change only when the head changes or a running job
   * leaves: a backfilled job either ends by the shadow time or consumes extra, so between
   * departures the last result (with its extra consumed) is still exact. Says whether it
   * computed afresh.
   */
  compute(ctx: SchedulingContext, head: JobView): boolean {
    const released = ctx.triggers.some((t) => t.kind === 'completion' || t.kind === 'killed');
    if (head === this.#head && !released && this.shadowTime >= ctx.now) return false;
    this.#head = head;
    const extra = this.extra;
    for (let r = 0; r < extra.length; r++) extra[r] = ctx.machine.free(r);
    let free = ctx.machine.idleProcessors;
    const now = ctx.now;
    let shadow = now;
    if (released) this.releases.prune();
    const { ends, jobs } = this.releases;
    const { size, demand } = head;
    // A running job past its estimate is taken to end now. Every job ending at the shadow time
    // is released before the head is tested again, so all of them count toward the extra.
    for (let k = 0; k < jobs.length; k++) {
      const at = Math.max(ends[k]!, now);
      if (at > shadow && free >= size && fitsWithin(demand, extra, this.capacities)) break;
      const job = jobs[k]!;
      if (job.state !== 'running') continue;
      if (at === Number.POSITIVE_INFINITY) return this.#unknownShadow(ctx, head);
      shadow = at;
      free += job.allocated;
      for (let r = 0; r < extra.length; r++) extra[r] = extra[r]! + job.demand[r]!;
    }
    for (let r = 0; r < extra.length; r++) extra[r] = extra[r]! - head.demand[r]!;
    this.extraProcessors = free - head.size;
    this.shadowTime = shadow;
    return true;
  }

  /**
   * The head waits for a running job of unknown estimate (see the discipline's comment): no shadow
   * time, and the extra is what is free now beyond the head's needs, never below zero.
   */
  #unknownShadow(ctx: SchedulingContext, head: JobView): true {
    const extra = this.extra;
    for (let r = 0; r < extra.length; r++) extra[r] = Math.max(0, ctx.machine.free(r) - head.demand[r]!);
    this.extraProcessors = Math.max(0, ctx.machine.idleProcessors - head.size);
    this.shadowTime = Number.POSITIVE_INFINITY;
    return true;
  }

  /** If `job` fits in the extra, take it from the extra and say yes. */
  takeExtra(job: JobView): boolean {
    if (job.size > this.extraProcessors || !fitsWithin(job.demand, this.extra, this.capacities)) return false;
    this.extraProcessors -= job.size;
    for (let r = 0; r < this.extra.length; r++) this.extra[r] = this.extra[r]! - job.demand[r]!;
    return true;
  }
}
