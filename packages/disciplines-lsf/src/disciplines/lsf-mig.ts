import { defineDiscipline } from '@js/core';
import { z } from 'zod';
import { firstFit } from '../policy/adaptive-selection.ts';
import { applyMigratable } from '../policy/migration.ts';
import { Reallocation, Wake } from '../policy/reallocation.ts';
import { requeuedAt, rotationOrder } from '../policy/service-order.ts';

/**
 * LSF-MIG (Parsons & Sevcik 1997, seed 000 §5.1), rigid and migratable. Whenever a job arrives
 * or departs (or a kept job comes of age), running jobs that have run less than the profile's
 * minimum (`minRunBeforeReallocation`, ten minutes on LSF) keep running; every other processor
 * is available. First fit then selects, on each job's desired count, from the remaining jobs —
 * running, pending and checkpointed — waiting jobs first in the order they joined the queue
 * (round robin), or by least remaining service demand when demand is known. Running jobs not
 * selected are checkpointed and requeued; a checkpointed job restarts on any processors, always
 * as many as it first ran on.
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
        const selection = firstFit(rotationOrder(available.pool, requeuedAt(ctx)), (j) => j.size, available);
        applyMigratable(ctx, available, selection);
        if (selection.jobs.length < available.pool.length) wake.at(ctx, available.comesOfAge, 'minimum run');
      },
    };
  },
});
