import { defineDiscipline } from '@js/core';
import { firstFit } from '../policy/adaptive-selection.ts';
import { applyMigratable } from '../policy/migration.ts';
import { Reallocation, reallocationOptions, Wake, wakeAgain } from '../policy/reallocation.ts';
import { feedbackOrder } from '../policy/service-order.ts';

/**
 * LSF-MIG (Parsons & Sevcik 1997, seed 000 §5.1), rigid and migratable. Whenever a job arrives
 * or departs or a quantum expires (or a kept job comes of age), running jobs that have run less
 * than the profile's minimum (`minRunBeforeReallocation`, ten minutes on LSF) keep running; every
 * other processor is available. First fit then selects, on each job's desired count, from the
 * remaining jobs — running, pending and checkpointed — by least acquired processing time
 * (multilevel feedback, §6.2; fresh jobs first, ties in submission order), or by least remaining
 * service demand when demand is known. Running jobs not selected are checkpointed; a checkpointed
 * job restarts on any processors, always as many as it first ran on.
 */
export const lsfMig = defineDiscipline({
  name: 'lsf-mig',
  summary: 'rigid migratable: first fit over all jobs of age, checkpointing the running ones it displaces',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-MIG)',
  options: reallocationOptions,
  capabilities: { sizing: 'rigid', preemption: 'checkpoint' },
  create: ({ quantum }, { profile }) => {
    const wake = new Wake();
    return {
      schedule(ctx) {
        const available = new Reallocation(ctx, profile.minRunBeforeReallocation);
        const selection = firstFit(feedbackOrder(available.pool), (j) => j.size, available);
        applyMigratable(ctx, available, selection);
        wakeAgain(ctx, wake, available, selection.jobs.length, quantum);
      },
    };
  },
});
