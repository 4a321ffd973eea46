import type { JobView, SchedulingContext } from '@js/core';
import type { Selection } from './adaptive-selection.ts';
import type { Reallocation } from './reallocation.ts';

/**
 * The count first fit uses in LSF-MIG-AD (seed 000 §5.1): a job that has already run (running
 * or checkpointed) keeps the count it first started on; a fresh job is fitted with its minimum.
 */
export const migratableCount = (job: JobView): number => (hasRun(job) ? job.lastProcessors : job.minSize);

/** A job that has already run, whose count a migratable discipline may no longer change. */
export const hasRun = (job: JobView): boolean => job.lastProcessors > 0;

/**
 * Carry out a migratable selection: running jobs of age that were not selected are checkpointed
 * (first, so that without a checkpoint cost their processors are free at once); selected jobs not
 * running start — a checkpointed one restarts on any processors, as many as before — on their
 * count. A job whose count is still held by a checkpoint under way waits for the overhead's end,
 * which wakes the discipline again.
 */
export function applyMigratable(ctx: SchedulingContext, available: Reallocation, selection: Selection): void {
  const selected = new Set(selection.jobs);
  for (const job of available.pool) if (job.state === 'running' && !selected.has(job)) ctx.checkpoint(job);
  selection.jobs.forEach((job, i) => {
    const count = selection.counts[i]!;
    if (job.state !== 'running' && ctx.machine.fits(count, job.demand)) ctx.start(job, { processors: count });
  });
}
