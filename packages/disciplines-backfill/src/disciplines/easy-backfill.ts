import type { JobView, Scheduler, SchedulingContext } from '@js/core';
import type { Machine } from '@js/machine';
import { HeadReservation } from './head-reservation.ts';
import { WaitingIndex } from './waiting-index.ts';

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
 *
 * The queue is its own {@link WaitingIndex}, not `ctx.jobs.pending`: filled from the context's
 * queue at the first decision, then from the arrival triggers (the engine announces every job
 * entering the queue as one), and only this discipline takes jobs out (by starting them), so the
 * two hold the same jobs in the same order. The index skips, a subtree at
 * a time, waiting jobs that cannot backfill; with hundreds waiting, most cannot.
 */
export function easyBackfill(machine: Machine, choice?: BackfillChoice): Scheduler {
  const reservation = new HeadReservation(machine.capacities);
  const queue = new WaitingIndex();
  let seeded = false;
  const started = (ctx: SchedulingContext, slot: number) => {
    const job = queue.jobs[slot]!;
    ctx.start(job);
    queue.remove(slot);
    reservation.releases.add(job, ctx.estimatedEnd(job));
  };
  const resources = machine.resourceNames.length > 0;
  return {
    schedule(ctx) {
      let arrived = 0;
      let departed = 0;
      for (const t of ctx.triggers) {
        if (t.kind === 'arrival') {
          if (seeded) queue.add(t.job);
          arrived++;
        } else if (t.kind === 'completion' || t.kind === 'killed') departed++;
      }
      // A discipline made mid-run (a rebuilt one) starts from the queue as the context shows it.
      if (!seeded) for (const job of ctx.jobs.pending) queue.add(job);
      seeded = true;
      if (departed > 0) reservation.releases.departed(departed);
      let i = queue.nextLive(0);
      while (i >= 0 && ctx.machine.fits(queue.jobs[i]!.size, queue.jobs[i]!.demand)) {
        started(ctx, i);
        i = queue.nextLive(i + 1);
      }
      if (i < 0) return;
      const head = queue.jobs[i]!;
      const recomputed = reservation.compute(ctx, head, departed > 0);
      const known = reservation.shadowTime !== Number.POSITIVE_INFINITY;
      if (recomputed && known) ctx.reserve(head, reservation.shadowTime);
      // With the same head and nothing released, a job that could not backfill before still
      // cannot (idle processors and the extra only shrank): only new arrivals are candidates.
      // Whatever the choice, the last round ended with no candidate left that could backfill.
      let next = recomputed ? i + 1 : Math.max(i + 1, queue.end - arrived);
      // A job that ends (by estimate) by the shadow time cannot delay the head; when the shadow
      // time is unknown, nothing is known to end by it.
      const now = ctx.now;
      const shadow = reservation.shadowTime;
      const bound = known ? shadow : Number.NEGATIVE_INFINITY;
      let idle = ctx.machine.idleProcessors;
      while (idle > 0) {
        choice?.observe(ctx);
        let chosen = -1;
        let first = -1;
        let least = Number.POSITIVE_INFINITY;
        const extra = reservation.extraProcessors;
        for (
          let j = queue.next(next, idle, extra, now, bound);
          j >= 0;
          j = queue.next(j + 1, idle, extra, now, bound)
        ) {
          const job = queue.jobs[j]!;
          if (job.size > idle || (resources && !ctx.machine.fits(job.size, job.demand))) continue;
          if (!(known && now + job.estimate <= shadow) && !reservation.fitsExtra(job)) continue;
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
        const job = queue.jobs[chosen]!;
        if (!(known && now + job.estimate <= shadow)) reservation.takeExtra(job);
        started(ctx, chosen);
        idle -= job.size;
        // Whatever could not backfill in this scan cannot in the next (less is free). Started
        // jobs leave the index, so the scan restarts at the first candidate, or just after it.
        next = chosen === first ? chosen + 1 : first;
      }
    },
  };
}
