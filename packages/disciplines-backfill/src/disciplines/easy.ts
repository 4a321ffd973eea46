import { defineDiscipline, type JobView, type SchedulingContext } from '@js/core';
import { z } from 'zod';
import { fitsWithin } from '../profile/amounts.ts';

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
 */
export const easy = defineDiscipline({
  name: 'easy',
  summary:
    'EASY backfilling: the queue head gets a reservation; later jobs may start if they do not delay it',
  source: 'Lifka 1995 (EASY); Leinberger, Karypis & Kumar 1999, §2 (FCFS/FF-EASY, K resources)',
  options: z.object({}).strict(),
  create: (_options, { machine }) => {
    const reservation = new HeadReservation(machine.resourceNames.length);
    return {
      schedule(ctx) {
        const pending = ctx.jobs.pending;
        let i = 0;
        while (i < pending.length && ctx.machine.fits(pending[i]!.size, pending[i]!.demand))
          ctx.start(pending[i++]!);
        if (i === pending.length) return;
        const head = pending[i]!;
        reservation.compute(ctx, head);
        ctx.reserve(head, reservation.shadowTime);
        for (let j = i + 1; j < pending.length && ctx.machine.idleProcessors > 0; j++) {
          const job = pending[j]!;
          if (!ctx.machine.fits(job.size, job.demand)) continue;
          if (ctx.now + job.estimate <= reservation.shadowTime) ctx.start(job);
          else if (reservation.takeExtra(job)) ctx.start(job);
        }
      },
    };
  },
});

/** The head job's reservation: its shadow time and the extra resources it leaves spare. */
class HeadReservation {
  shadowTime = 0;
  extraProcessors = 0;
  readonly extra: Float64Array;
  readonly #ends: { end: number; job: JobView }[] = [];

  constructor(resources: number) {
    this.extra = new Float64Array(resources);
  }

  compute(ctx: SchedulingContext, head: JobView): void {
    const ends = this.#ends;
    ends.length = 0;
    for (const job of ctx.jobs.running) ends.push({ end: ctx.estimatedEnd(job), job });
    ends.sort((a, b) => a.end - b.end);
    const extra = this.extra;
    extra.set(ctx.machine.free);
    let free = ctx.machine.idleProcessors;
    let shadow = ctx.now;
    let k = 0;
    // The engine admits only jobs that fit the empty machine, so this ends before `ends` runs out.
    while (!(free >= head.size && fitsWithin(head.demand, extra)) && k < ends.length) {
      shadow = ends[k]!.end;
      // Release every job ending at this same instant before testing again.
      while (k < ends.length && ends[k]!.end === shadow) {
        const { job } = ends[k++]!;
        free += job.processors.length;
        for (let r = 0; r < extra.length; r++) extra[r] = extra[r]! + job.demand[r]!;
      }
    }
    for (let r = 0; r < extra.length; r++) extra[r] = extra[r]! - head.demand[r]!;
    this.extraProcessors = free - head.size;
    this.shadowTime = shadow;
  }

  /** If `job` fits in the extra, take it from the extra and say yes. */
  takeExtra(job: JobView): boolean {
    if (job.size > this.extraProcessors || !fitsWithin(job.demand, this.extra)) return false;
    this.extraProcessors -= job.size;
    for (let r = 0; r < this.extra.length; r++) this.extra[r] = this.extra[r]! - job.demand[r]!;
    return true;
  }
}
