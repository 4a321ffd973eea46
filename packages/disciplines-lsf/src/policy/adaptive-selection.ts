import type { JobView } from '@js/core';
import * as z from 'zod';
import { minimiseSurplus } from '../subset-sum.ts';
import type { Capacity } from './reallocation.ts';
import { spreadLeftovers } from './spread.ts';

/** The jobs an adaptive LSF discipline selects to run, each with the count it is to run on. */
export interface Selection {
  readonly jobs: JobView[];
  readonly counts: number[];
}

/** How many processors first fit needs for a job: its minimum, or the count it must keep. */
export type FittingCount = (job: JobView) => number;

/**
 * The first fit of LSF-RTC-AD, LSF-MIG-AD and LSF-MALL-AD (seed 000 §5.1): scan `ordered`,
 * selecting every job whose fitting count (and resources) still fit in `capacity`, taking them.
 */
export function firstFit(ordered: readonly JobView[], fitting: FittingCount, capacity: Capacity): Selection {
  const selection: Selection = { jobs: [], counts: [] };
  for (const job of ordered) {
    const count = fitting(job);
    if (capacity.take(job, count)) {
      selection.jobs.push(job);
      selection.counts.push(count);
    }
  }
  return selection;
}

/** δ of LSF-RTC-ADSUBSET, shared by every SUBSET variant's options. */
export const subsetOptions = z
  .object({
    delta: z
      .number()
      .positive()
      .default(5)
      .describe(
        'δ: how aggressively the SUBSET step trades first-fit commitments for fewer surplus processors as the load grows (the paper uses 5)',
      ),
  })
  .strict();

/**
 * How many of the jobs first fit selects an ADSUBSET discipline commits to (seed 000 §5.1):
 * N′ = ⌊N_ff · max(1 − L / (δ · N_ff), 0)⌋, with L the jobs in the system. (This is
 * ⌊max(N_ff − L/δ, 0)⌋: one commitment fewer per δ jobs in the system.)
 */
export function committedCount(firstFitCount: number, inSystem: number, delta: number): number {
  if (firstFitCount <= 0) return 0;
  return Math.floor(firstFitCount * Math.max(1 - inSystem / (delta * firstFitCount), 0));
}

/**
 * The selection of the ADSUBSET disciplines (seed 000 §5.1, LSF-RTC-ADSUBSET): first fit as in
 * the AD variant, but commit only its first N′ jobs (see {@link committedCount}); then, from the
 * leftover jobs in scan order, the subset-sum step adds the jobs whose fitting counts leave the
 * fewest leftover processors — the fewest *surplus* processors, those that will be handed out
 * beyond the jobs' fitting counts. A chosen job whose resources no longer fit is skipped (the
 * subset-sum counts processors only).
 */
export function subsetSelect(
  ordered: readonly JobView[],
  fitting: FittingCount,
  capacity: Capacity,
  inSystem: number,
  delta: number,
): Selection {
  const tentative = firstFit(ordered, fitting, capacity);
  const commit = committedCount(tentative.jobs.length, inSystem, delta);
  for (let i = tentative.jobs.length - 1; i >= commit; i--)
    capacity.give(tentative.jobs[i]!, tentative.counts[i]!);
  const selection: Selection = {
    jobs: tentative.jobs.slice(0, commit),
    counts: tentative.counts.slice(0, commit),
  };

  const committed = new Set(selection.jobs);
  const leftover = ordered.filter((job) => !committed.has(job));
  const weights = leftover.map(fitting);
  for (const i of minimiseSurplus(weights, capacity.processors)) {
    if (capacity.take(leftover[i]!, weights[i]!)) {
      selection.jobs.push(leftover[i]!);
      selection.counts.push(weights[i]!);
    }
  }
  return selection;
}

/**
 * Spread the processors left in `capacity` over the selected jobs that may still grow (all of
 * them unless `fixed` says a job keeps its count), as LSF-RTC-AD does: equi-allocation, or by
 * efficiency with speedup knowledge ({@link spreadLeftovers}). Updates `selection.counts` and
 * `capacity.processors`.
 */
export function spreadSelection(
  selection: Selection,
  capacity: Capacity,
  fixed: (job: JobView) => boolean = () => false,
): void {
  const growable: number[] = [];
  for (let i = 0; i < selection.jobs.length; i++) if (!fixed(selection.jobs[i]!)) growable.push(i);
  const counts = growable.map((i) => selection.counts[i]!);
  capacity.processors = spreadLeftovers(
    growable.map((i) => selection.jobs[i]!),
    counts,
    capacity.processors,
  );
  growable.forEach((i, k) => {
    selection.counts[i] = counts[k]!;
  });
}

/** Jobs in the system (L of LSF-RTC-ADSUBSET): waiting, running, suspended and checkpointed. */
export function jobsInSystem(jobs: {
  readonly pending: readonly unknown[];
  readonly running: readonly unknown[];
  readonly suspended: readonly unknown[];
  readonly checkpointed: readonly unknown[];
}): number {
  return jobs.pending.length + jobs.running.length + jobs.suspended.length + jobs.checkpointed.length;
}
