import type { SchedulingContext } from '@js/core';
import type { Selection } from './adaptive-selection.ts';
import type { Reallocation } from './reallocation.ts';

/**
 * Carry out a malleable selection (LSF-MALL-AD, seed 000 §5.1). Release first — checkpoint the
 * running jobs of age that were not selected, shrink the over-allocated — then start and grow.
 */
export function applyMalleable(ctx: SchedulingContext, available: Reallocation, selection: Selection): void {
  const target = new Map(selection.jobs.map((j, i) => [j, selection.counts[i]!]));
  for (const job of available.pool) if (job.state === 'running' && !target.has(job)) ctx.checkpoint(job);
  for (const job of selection.jobs) {
    if (job.state === 'running' && target.get(job)! < job.allocated) ctx.resize(job, target.get(job)!);
  }
  // While a checkpoint still holds processors a fresh job waits for its full count rather
  // than start short and be stuck there for the minimum run.
  const releasing = ctx.jobs.checkpointed.some((j) => j.inOverhead && j.allocated > 0);
  for (const job of selection.jobs) {
    if (job.state === 'running') continue;
    const count = Math.min(target.get(job)!, ctx.machine.idleProcessors);
    if ((releasing ? count === target.get(job) : count >= job.minSize) && ctx.machine.fits(count, job.demand))
      ctx.start(job, { processors: count });
  }
  for (const job of selection.jobs) {
    if (job.state !== 'running' || job.inOverhead) continue;
    const count = Math.min(target.get(job)!, job.allocated + ctx.machine.idleProcessors);
    if (count > job.allocated) ctx.resize(job, count);
  }
}
