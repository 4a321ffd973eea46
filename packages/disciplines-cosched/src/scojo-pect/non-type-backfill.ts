import type { JobView } from '@js/core';
import { type JobType, jobTypes } from './job-type.ts';
import type { Round, ScojoPectScheduler } from './scheduler.ts';

const NO_DEMAND: readonly number[] = [];

/**
 * Scojo-PECT's safe non-type slice backfilling (seed 002, §4.7): "preempted or waiting jobs of a
 * different type may be backfilled into a slice — with this backfilling only being valid until the
 * end of the slice — if they do not delay any job of the slice type or of their own type".
 *
 * - Not the slice type's: the job takes its nodes in the slice type's profile for its estimated
 *   run (a conservative backfill there), at most until the slice's end, when it is swapped out
 *   unless the next slice lends it room again; on none of its nodes does a resident of the slice
 *   type hold a core (only jobs of one type share a node, §4.7: "only jobs of the same type are
 *   matched"). It takes them whole, whatever it holds in its own type's machine: a coscheduled job
 *   holds its shared nodes there on its partner's account, but keeps them from the slice type all
 *   the same.
 * - Not its own type's: a swapped-out job already holds its place in its own machine; a waiting
 *   one must fit in its own type's profile at that type's clock with its reservation lifted (as a
 *   conservative backfill there), and on nodes none of its type's residents hold, so that it can
 *   resume in its own slice where it stopped. Its type's clock stands still until its own slice,
 *   so only what it has left at this slice's end is planned there: one that ends within the slice
 *   delays no job of its type.
 *
 * Types are tried in slice order, each type's swapped-out jobs (arrival order) before its waiting
 * ones (reservation order). At the slice's end a borrowed job goes on only if the next slice
 * lends it room again; otherwise it is swapped out like the rest.
 */
export function nonTypeSliceBackfill(s: ScojoPectScheduler, round: Round): void {
  const { ctx, slice, residents, lent } = round;
  const here = s.vms[slice.type]!;
  const borrowed = (job: JobView): void => {
    s.note(ctx, job).borrowed = slice.index;
  };
  for (let t = 0; t < jobTypes.length; t++) {
    if (t === slice.type) continue;
    const own = t as JobType;
    for (const job of residents[own]!) {
      if (job.state !== 'suspended' || job.inOverhead) continue;
      if (!s.offNodesOf(slice.type, job.processors) || !s.canResume(ctx, job)) continue;
      // Its swap in is part of the time it holds the nodes.
      const remaining = s.remaining(ctx, job) + s.env.profile.resume;
      if (!here.tryLend(s.nodesOf(job.processors), lent(remaining))) continue;
      s.resume(ctx, job);
      borrowed(job);
    }
    const queue = s.build(round, own, false);
    const heldOwn = s.held[own]!;
    const usable = (p: number) => s.usable(ctx, slice.type, p) && heldOwn[p] === 0;
    // A placement takes at least its footprint of usable processors: most jobs are passed over
    // without asking the policy to look for nodes.
    let free = 0;
    for (const p of s.env.processors) if (usable(p)) free++;
    for (const { job, note } of queue) {
      if (free < note.plan.footprint) continue;
      const remaining = note.plan.runtime + s.env.profile.dispatch;
      if (
        job.state !== 'pending' ||
        !here.profile.fitsAt(here.clock, lent(remaining), note.plan.footprint, NO_DEMAND)
      )
        continue;
      if (job.demand.length && !here.profile.fitsAt(here.clock, Number.POSITIVE_INFINITY, 0, job.demand))
        continue;
      const processors = s.policy.choose(job, note.plan, usable);
      if (!processors || !ctx.machine.fits(processors.length, job.demand)) continue;
      if (!s.vms[own]!.admitNow(job, note, round.beyond(remaining))) continue;
      if (!s.start(ctx, job, processors, own)) continue;
      free -= processors.length;
      // Whole free nodes, none lent yet: the loan is its footprint, which fits.
      here.lend(s.nodesOf(processors), lent(remaining));
      here.holdForeignDemand(job.demand);
      borrowed(job);
    }
  }
}
