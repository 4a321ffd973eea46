import { defineDiscipline } from '@js/core';
import { jobsInSystem, spreadSelection, subsetOptions, subsetSelect } from '../policy/adaptive-selection.ts';
import { applyMalleable } from '../policy/malleation.ts';
import { Reallocation, reallocationOptions, Wake, wakeAgain } from '../policy/reallocation.ts';
import { feedbackOrder } from '../policy/service-order.ts';

/**
 * LSF-MALL-ADSUBSET (Parsons & Sevcik 1997, seed 000 §5.1: "SUBSET-variants of the adaptive
 * disciplines"), malleable and adaptive. As LSF-MALL-AD — jobs younger than the profile's
 * `minRunBeforeReallocation` keep running, every other job is fitted with its minimum — but of
 * the jobs first fit selects only the first N′ = ⌊N_ff · max(1 − L/(δ·N_ff), 0)⌋ are committed
 * (L jobs in the system); the leftover processors go to the subset of leftover jobs whose
 * minimums leave the fewest surplus processors, and the surplus is spread as in LSF-RTC-AD.
 */
export const lsfMallAdsubset = defineDiscipline({
  name: 'lsf-mall-adsubset',
  summary: 'malleable adaptive: commit part of first fit, subset-sum the rest to minimise surplus processors',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-MALL-AD with the LSF-RTC-ADSUBSET step)',
  options: subsetOptions.extend(reallocationOptions.shape),
  capabilities: { sizing: 'malleable', preemption: 'resize' },
  create: ({ delta, quantum }, { profile }) => {
    const wake = new Wake();
    return {
      schedule(ctx) {
        const inSystem = jobsInSystem(ctx.jobs);
        const available = new Reallocation(ctx, profile.minRunBeforeReallocation);
        const selection = subsetSelect(
          feedbackOrder(available.pool),
          (j) => j.minSize,
          available,
          inSystem,
          delta,
        );
        spreadSelection(selection, available);
        applyMalleable(ctx, available, selection);
        wakeAgain(ctx, wake, available, selection.jobs.length, quantum, true);
      },
    };
  },
});
