import { defineDiscipline } from '@js/core';
import { firstFit, spreadSelection } from '../policy/adaptive-selection.ts';
import { applyMigratable, hasRun, migratableCount } from '../policy/migration.ts';
import { Reallocation, reallocationOptions, Wake, wakeAgain } from '../policy/reallocation.ts';
import { feedbackOrder } from '../policy/service-order.ts';

/**
 * LSF-MIG-AD (Parsons & Sevcik 1997, seed 000 §5.1), moldable and migratable. As LSF-MIG —
 * running jobs younger than the profile's `minRunBeforeReallocation` (ten minutes on LSF) keep
 * running, first fit over the rest by least acquired processing time (least remaining demand
 * first when known) — but a job that has already run is fitted with its current count and keeps
 * it, and a fresh job is fitted with its minimum; leftover processors go to the fresh jobs selected as in LSF-RTC-AD
 * (equi-allocation, or by efficiency with speedup knowledge). Running jobs not selected are
 * checkpointed; a checkpointed job restarts on any processors of the same count.
 */
export const lsfMigAd = defineDiscipline({
  name: 'lsf-mig-ad',
  summary:
    'adaptive migratable: fit fresh jobs on their minimum and run jobs on their count, spread the rest',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-MIG-AD)',
  options: reallocationOptions,
  capabilities: { sizing: 'moldable', preemption: 'checkpoint' },
  create: ({ quantum }, { profile }) => {
    const wake = new Wake();
    return {
      schedule(ctx) {
        const available = new Reallocation(ctx, profile.minRunBeforeReallocation);
        const selection = firstFit(feedbackOrder(available.pool), migratableCount, available);
        spreadSelection(selection, available, hasRun);
        applyMigratable(ctx, available, selection);
        wakeAgain(ctx, wake, available, selection.jobs.length, quantum);
      },
    };
  },
});
