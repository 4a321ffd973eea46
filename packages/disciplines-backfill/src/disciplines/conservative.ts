import { defineDiscipline, type JobView } from '@js/core';
import { z } from 'zod';
import { AvailabilityProfile } from '../profile/availability.ts';

/**
 * Conservative backfilling (Mu'alem & Feitelson 2001; K-resource form: Leinberger et al.,
 * seed 001 §2, FCFS/FF-CONS). Every waiting job holds a reservation, made in arrival order at
 * the earliest time its estimate fits in the availability profile. A job starts when its
 * reservation comes due; since a job is only ever placed in space nobody else holds, starting
 * early never delays anyone.
 *
 * At each decision the profile is rebuilt from the running jobs' estimated ends, the standing
 * reservations are put back, then *compressed* in arrival order: each job's reservation is
 * lifted and put back at the earliest time it fits, which is never later than before (its old
 * place is still free). So no reservation ever moves later while estimates hold. A reservation
 * that no longer fits (a running job overran its estimate) is made afresh.
 */
export const conservative = defineDiscipline({
  name: 'conservative',
  summary: 'conservative backfilling: every waiting job holds a reservation; none is ever delayed',
  source: "Mu'alem & Feitelson 2001; Leinberger, Karypis & Kumar 1999, §2 (FCFS/FF-CONS, K resources)",
  options: z.object({}).strict(),
  create: (_options, { machine }) => {
    const profile = new AvailabilityProfile(machine.processors, machine.capacities);
    const reserved = new Map<JobView, number>();
    return {
      schedule(ctx) {
        const now = ctx.now;
        profile.reset(now);
        for (const job of ctx.jobs.running) {
          profile.take(now, ctx.estimatedEnd(job) - now, job.processors.length, job.demand);
        }
        const queue = ctx.jobs.pending;
        for (const job of queue) {
          const at = reserved.get(job);
          if (at === undefined) continue;
          if (at >= now && profile.fitsAt(at, job.estimate, job.size, job.demand)) {
            profile.take(at, job.estimate, job.size, job.demand);
          } else {
            reserved.delete(job);
          }
        }
        for (const job of queue) {
          const old = reserved.get(job);
          if (old !== undefined) profile.give(old, job.estimate, job.size, job.demand);
          const at = profile.earliest(job.estimate, job.size, job.demand);
          profile.take(at, job.estimate, job.size, job.demand);
          if (at !== old) {
            reserved.set(job, at);
            ctx.reserve(job, at);
          }
          // A reservation due now may still not fit if a running job overran its estimate.
          if (at === now && ctx.machine.fits(job.size, job.demand)) {
            ctx.start(job);
            reserved.delete(job);
          }
        }
      },
    };
  },
});
