import type { JobView, Scheduler, SchedulingContext } from '@js/core';
import type { Machine } from '@js/machine';
import { HeadReservation } from './head-reservation.ts';

/** Costs closer than this tie (sums of fractions carry rounding noise): the earlier job wins. */
const TIE = 1e-9;

/**
 * How an EASY variant picks which of the jobs that may backfill starts next (Leinberger et al.,
 * seed 001 §2.2: FF, BL and BB differ only here). The candidates it is shown all fit now and do
 * not delay the head's reservation; it only ranks them.
 */
export interface BackfillChoice {
  /** Read the machine's state; called before each scan of the candidates, so after every start. */
  observe(ctx: SchedulingContext): void;
  /** The cost of starting `job` now, by the state last observed: lower is better; Infinity: not at all. */
  cost(job: JobView): number;
}

/**
 * EASY backfilling with a pluggable candidate choice; see `easy` for the rules and their edge
 * cases. Without a choice it is first fit: the earliest candidate that may backfill starts, in one
 * pass over the queue. With one, it repeatedly starts the candidate of least cost (ties: the
 * earliest in the queue), then observes the machine and scans again, until no candidate may
 * backfill. A candidate that ends by the shadow time leaves the extra alone; any other consumes
 * its share of the extra, exactly as under first fit.
 */
export function easyBackfill(machine: Machine, choice?: BackfillChoice): Scheduler {
  const reservation = new HeadReservation(machine.capacities);
  const started = (ctx: SchedulingContext, job: JobView) => {
    ctx.start(job);
    reservation.releases.add(job, ctx.estimatedEnd(job));
  };
  const resources = machine.resourceNames.length > 0;
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
      // Whatever the choice, the last round ended with no candidate left that could backfill.
      let next = recomputed ? i + 1 : Math.max(i + 1, pending.length - arrivals(ctx));
      // A job that ends (by estimate) by the shadow time cannot delay the head; when the shadow
      // time is unknown, nothing is known to end by it.
      const now = ctx.now;
      const shadow = reservation.shadowTime;
      let idle = ctx.machine.idleProcessors;
      while (idle > 0) {
        choice?.observe(ctx);
        let chosen = -1;
        let first = -1;
        let least = Number.POSITIVE_INFINITY;
        for (let j = next; j < pending.length; j++) {
          const job = pending[j]!;
          if (job.size > idle || (resources && !ctx.machine.fits(job.size, job.demand))) continue;
          if (!(known && now + job.estimate <= shadow) && !reservation.fitsExtra(job)) continue;
          // Started earlier in this round: the scan restarts at the first candidate, not after it.
          if (job.state !== 'pending') continue;
          if (first < 0) first = j;
          if (choice === undefined) {
            chosen = j;
            break;
          }
          const cost = choice.cost(job);
          if (cost === Number.POSITIVE_INFINITY) continue;
          if (chosen < 0 || cost < least - TIE) {
            chosen = j;
            least = cost;
          }
        }
        if (chosen < 0) return;
        const job = pending[chosen]!;
        if (!(known && now + job.estimate <= shadow)) reservation.takeExtra(job);
        started(ctx, job);
        idle -= job.size;
        // Whatever could not backfill in this scan cannot in the next (less is free).
        next = chosen === first ? chosen + 1 : first;
      }
    },
  };
}

/** Jobs that arrived at this instant: the tail of the queue. */
function arrivals(ctx: SchedulingContext): number {
  let n = 0;
  for (const t of ctx.triggers) if (t.kind === 'arrival') n++;
  return n;
}
