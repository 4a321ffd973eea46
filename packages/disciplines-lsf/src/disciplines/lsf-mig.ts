import { defineDiscipline, type JobView } from '@js/core';
import { z } from 'zod';
import { Reallocation, Wake } from '../policy/reallocation.ts';
import { requeue, requeuedAt, rotationOrder } from '../policy/service-order.ts';

/**
 * LSF-MIG (Parsons & Sevcik 1997, seed 000 §5.1), rigid and migratable. Whenever a job arrives
 * or departs (or a kept job comes of age), running jobs that have run less than the profile's
 * minimum (`minRunBeforeReallocation`, ten minutes on LSF) keep running; every other processor
 * is available. First fit then selects, on each job's desired count, from the remaining jobs —
 * running, pending and checkpointed — in arrival order, or by least remaining service demand when
 * demand is known. Running jobs not selected are checkpointed; a checkpointed job restarts on any
 * processors, always as many as it first ran on.
 */
export const lsfMig = defineDiscipline({
  name: 'lsf-mig',
  summary: 'rigid migratable: first fit over all jobs of age, checkpointing the running ones it displaces',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-MIG)',
  options: z.object({}).strict(),
  capabilities: { sizing: 'rigid', preemption: 'checkpoint' },
  create: (_options, { profile }) => {
    const wake = new Wake();
    return {
      schedule(ctx) {
        const available = new Reallocation(ctx, profile.minRunBeforeReallocation);
        const selected = new Set<JobView>();
        for (const job of rotationOrder(available.pool, requeuedAt(ctx)))
          if (available.take(job, job.size)) selected.add(job);
        // Checkpoint first: without a checkpoint cost their processors are free for the starts below.
        for (const job of available.pool)
          if (job.state === 'running' && !selected.has(job)) requeue(ctx, job);
        for (const job of selected) {
          // The rest start when the checkpoints making room for them are done (an overhead end wakes us).
          if (job.state !== 'running' && ctx.machine.fits(job.size, job.demand)) ctx.start(job);
        }
        if (selected.size < available.pool.length) wake.at(ctx, available.comesOfAge, 'minimum run');
      },
    };
  },
});
