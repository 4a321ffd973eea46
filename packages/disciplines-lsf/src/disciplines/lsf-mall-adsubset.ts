import { defineDiscipline } from '@js/core';
import { jobsInSystem, spreadSelection, subsetOptions, subsetSelect } from '../policy/adaptive-selection.ts';
import { applyMalleable } from '../policy/malleation.ts';
import { Reallocation, Wake } from '../policy/reallocation.ts';
import { requeuedAt, rotationOrder } from '../policy/service-order.ts';

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
  options: subsetOptions,
  capabilities: { sizing: 'malleable', preemption: 'resize' },
  create: ({ delta }, { profile }) => {
    const wake = new Wake();
    return {
      schedule(ctx) {
        const inSystem = jobsInSystem(ctx.jobs);
        const available = new Reallocation(ctx, profile.minRunBeforeReallocation);
        const selection = subsetSelect(
          rotationOrder(available.pool, requeuedAt(ctx)),
          (j) => j.minSize,
          available,
          inSystem,
          delta,
        );
        spreadSelection(selection, available);
        applyMalleable(ctx, available, selection);
        if (available.pool.length > 0) wake.at(ctx, available.comesOfAge, 'minimum run');
      },
    };
  },
});
