import { defineDiscipline } from '@js/core';
import { jobsInSystem, spreadSelection, subsetOptions, subsetSelect } from '../policy/adaptive-selection.ts';
import { applyMigratable, hasRun, migratableCount } from '../policy/migration.ts';
import { Reallocation, reallocationOptions, Wake, wakeAgain } from '../policy/reallocation.ts';
import { feedbackOrder } from '../policy/service-order.ts';

/**
 * LSF-MIG-ADSUBSET (Parsons & Sevcik 1997, seed 000 §5.1: "SUBSET-variants of the adaptive
 * disciplines"), moldable and migratable. As LSF-MIG-AD — jobs that have run are fitted with their
 * count, fresh ones with their minimum — but of the jobs first fit selects only the first
 * N′ = ⌊N_ff · max(1 − L/(δ·N_ff), 0)⌋ are committed (L jobs in the system); the leftover
 * processors go to the subset of leftover jobs whose fitting counts leave the fewest surplus
 * processors, and the surplus is spread over the fresh jobs selected as in LSF-RTC-AD.
 */
export const lsfMigAdsubset = defineDiscipline({
  name: 'lsf-mig-adsubset',
  summary:
    'adaptive migratable: commit part of first fit, subset-sum the rest to minimise surplus processors',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-MIG-AD with the LSF-RTC-ADSUBSET step)',
  options: subsetOptions.extend(reallocationOptions.shape),
  capabilities: { sizing: 'moldable', preemption: 'checkpoint' },
  create: ({ delta, quantum }, { profile }) => {
    const wake = new Wake();
    return {
      schedule(ctx) {
        const inSystem = jobsInSystem(ctx.jobs);
        const available = new Reallocation(ctx, profile.minRunBeforeReallocation);
        const selection = subsetSelect(
          feedbackOrder(available.pool),
          migratableCount,
          available,
          inSystem,
          delta,
        );
        spreadSelection(selection, available, hasRun);
        applyMigratable(ctx, available, selection);
        wakeAgain(ctx, wake, available, selection.jobs.length, quantum);
      },
    };
  },
});
