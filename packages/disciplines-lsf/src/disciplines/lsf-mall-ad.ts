import { defineDiscipline, type JobView } from '@js/core';
import { z } from 'zod';
import { Reallocation, Wake } from '../policy/reallocation.ts';
import { serviceOrder } from '../policy/service-order.ts';
import { spreadLeftovers } from '../policy/spread.ts';

/**
 * LSF-MALL-AD (Parsons & Sevcik 1997, seed 000 §5.1), malleable and adaptive. As LSF-MIG — jobs
 * younger than the profile's `minRunBeforeReallocation` keep running, first fit over the rest in
 * arrival order (least remaining demand first when known) — except that every job, fresh or
 * preempted or running, is fitted with its *minimum* count and may be given any count. Leftover
 * processors go to the selected jobs as in LSF-RTC-AD: to the smallest allocation first
 * (equi-allocation), or, with speedup knowledge, each to the job most efficient after receiving
 * it. Running jobs not selected are checkpointed; selected ones are resized to their new count.
 */
export const lsfMallAd = defineDiscipline({
  name: 'lsf-mall-ad',
  summary: 'malleable adaptive: fit every job of age on its minimum, spread the rest, resize or checkpoint',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-MALL-AD)',
  options: z.object({}).strict(),
  capabilities: { sizing: 'malleable', preemption: 'resize' },
  create: (_options, { profile }) => {
    const wake = new Wake();
    return {
      schedule(ctx) {
        const available = new Reallocation(ctx, profile.minRunBeforeReallocation);
        const selected: JobView[] = [];
        for (const job of serviceOrder(available.pool))
          if (available.take(job, job.minSize)) selected.push(job);
        const counts = selected.map((j) => j.minSize);
        spreadLeftovers(selected, counts, available.processors);
        const target = new Map(selected.map((j, i) => [j, counts[i]!]));

        // Release first — checkpoint the displaced, shrink the over-allocated — then start and grow.
        for (const job of available.pool)
          if (job.state === 'running' && !target.has(job)) ctx.checkpoint(job);
        for (const job of selected) {
          if (job.state === 'running' && target.get(job)! < job.allocated) ctx.resize(job, target.get(job)!);
        }
        // While a checkpoint still holds processors a fresh job waits for its full count rather
        // than start short and be stuck there for the minimum run.
        const releasing = ctx.jobs.checkpointed.some((j) => j.inOverhead && j.allocated > 0);
        for (const job of selected) {
          if (job.state === 'running') continue;
          const count = Math.min(target.get(job)!, ctx.machine.idleProcessors);
          if (
            (releasing ? count === target.get(job) : count >= job.minSize) &&
            ctx.machine.fits(count, job.demand)
          )
            ctx.start(job, { processors: count });
        }
        for (const job of selected) {
          if (job.state !== 'running' || job.inOverhead) continue;
          const count = Math.min(target.get(job)!, job.allocated + ctx.machine.idleProcessors);
          if (count > job.allocated) ctx.resize(job, count);
        }
        if (available.pool.length > 0) wake.at(ctx, available.comesOfAge, 'minimum run');
      },
    };
  },
});
