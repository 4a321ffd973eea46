import { AvailabilityProfile } from '@js/blocks';
import { defineDiscipline, type JobView, type SchedulingContext } from '@js/core';
import { z } from 'zod';

/**
 * Conservative backfilling (Mu'alem & Feitelson 2001; K-resource form: Leinberger et al.,
 * seed 001 §2, FCFS/FF-CONS). Every waiting job holds a reservation, made in arrival order at
 * the earliest time its estimate fits in the availability profile. A job starts when its
 * reservation comes due; since a job is only ever placed in space nobody else holds, starting
 * early never delays anyone.
 *
 * The profile is kept between decisions. When a job leaves before its estimated end, the space
 * it frees may let others move up (and when one leaves after it, the kept profile was wrong): the
 * profile is rebuilt from the running jobs' estimated ends,
 * the standing reservations are put back, then *compressed* in arrival order (Mu'alem &
 * Feitelson): each job's reservation is lifted and put back at the earliest time it fits, which
 * is never later than before (its old place is still free). So no reservation ever moves later
 * while estimates hold. A reservation that no longer fits (a running job overran its estimate)
 * is made afresh. At other decisions nothing that was reserved can move up, so only new
 * arrivals are placed.
 *
 * Unknown estimates (Infinity: SWF field 9 = -1, models without user estimates): a job of unknown
 * estimate holds its place in the profile for ever from its reservation on. A job that can never
 * fit for its estimate (it waits for a job of unknown estimate, which may end at any moment or
 * never) gets no reservation (none is declared at Infinity, and no timer), and it holds, from now
 * on, whatever it needs of what is free, so that no later job starts in its way: taking nothing
 * (a "reservation at Infinity" that occupies no time) would let every later job that fits go
 * ahead and starve it. Such a job is placed again when a job of unknown estimate leaves (never at
 * its estimated end, so the profile is rebuilt). With finite estimates every job fits once all
 * running and reserved jobs have ended, so none of this arises.
 *
 * Each job's note (`ctx.notes`) holds its reservation while it waits (none: no note) and its
 * estimated end, fixed when it starts, while it runs.
 */
export const conservative = defineDiscipline({
  name: 'conservative',
  summary: 'conservative backfilling: every waiting job holds a reservation; none is ever delayed',
  source: "Mu'alem & Feitelson 2001; Leinberger, Karypis & Kumar 1999, §2 (FCFS/FF-CONS, K resources)",
  options: z.object({}).strict(),
  create: (_options, { machine }) => {
    const profile = new AvailabilityProfile(machine.processors, machine.capacities);
    const noted = (ctx: SchedulingContext, job: JobView) => ctx.notes.get(job) as number | undefined;
    let fresh = true;
    /** The wake-up already asked for: the earliest standing reservation. */
    let alarm = Number.NEGATIVE_INFINITY;

    const place = (ctx: SchedulingContext, job: JobView, old: number | undefined): void => {
      const at = profile.earliest(job.estimate, job.size, job.demand);
      if (at === Number.POSITIVE_INFINITY) profile.takeFree(ctx.now, job.size, job.demand);
      else profile.take(at, job.estimate, job.size, job.demand);
      if (at !== old) {
        ctx.notes.set(job, at);
        if (at !== Number.POSITIVE_INFINITY) ctx.reserve(job, at);
      }
    };

    const rebuild = (ctx: SchedulingContext): void => {
      const now = ctx.now;
      profile.reset(now);
      for (const job of ctx.jobs.running)
        profile.take(now, ctx.estimatedEnd(job) - now, job.allocated, job.demand);
      // The queue as of this decision: skip jobs already started in it.
      const queue = ctx.jobs.pending.filter((job) => job.state === 'pending');
      for (const job of queue) {
        const at = noted(ctx, job);
        if (at === undefined) continue;
        // An unknown start (Infinity) holds no interval to put back: it is placed afresh below.
        if (
          at !== Number.POSITIVE_INFINITY &&
          at >= now &&
          profile.fitsAt(at, job.estimate, job.size, job.demand)
        ) {
          profile.take(at, job.estimate, job.size, job.demand);
        } else {
          ctx.notes.delete(job);
        }
      }
      for (const job of queue) {
        const old = noted(ctx, job);
        if (old !== undefined) profile.give(old, job.estimate, job.size, job.demand);
        place(ctx, job, old);
      }
    };

    /**
     * Start the jobs whose reservation is due (or overdue: a profile's decision interval may hold
     * the round past it); false if one cannot (a running job overran).
     */
    const startDue = (ctx: SchedulingContext): boolean => {
      for (const job of ctx.jobs.pending) {
        if (job.state !== 'pending') continue;
        const at = noted(ctx, job);
        if (at === undefined || at > ctx.now) continue;
        if (!ctx.machine.fits(job.size, job.demand)) return false;
        ctx.start(job);
        ctx.notes.set(job, ctx.estimatedEnd(job));
      }
      return true;
    };

    return {
      schedule(ctx) {
        // A departure off its estimate (early: space freed; late: the job overran) invalidates the kept profile.
        let offEstimate = fresh;
        for (const t of ctx.triggers) {
          if (t.kind !== 'completion' && t.kind !== 'killed') continue;
          if (ctx.now !== noted(ctx, t.job)) offEstimate = true;
        }
        fresh = false;
        if (offEstimate) {
          rebuild(ctx);
        } else {
          profile.advance(ctx.now);
          for (const t of ctx.triggers) if (t.kind === 'arrival') place(ctx, t.job, undefined);
        }
        if (!startDue(ctx)) {
          // A running job is past its estimate: the kept profile is wrong about now. Start over.
          rebuild(ctx);
          startDue(ctx);
        }
        // A reservation is a promise to start then, even if nothing else happens at that time
        // (compression in arrival order can leave one where a later job's old slot ended).
        let next = Number.POSITIVE_INFINITY;
        for (const job of ctx.jobs.pending) {
          const at = job.state === 'pending' ? noted(ctx, job) : undefined;
          if (at !== undefined && at > ctx.now && at < next) next = at;
        }
        if (next !== Number.POSITIVE_INFINITY && (alarm <= ctx.now || next < alarm)) {
          ctx.setTimer(next, 'reservation');
          alarm = next;
        }
      },
    };
  },
});
