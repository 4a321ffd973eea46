import { defineDiscipline } from '@js/core';
import { z } from 'zod';
import { firstFit, spreadSelection } from '../policy/adaptive-selection.ts';
import { applyMalleable } from '../policy/malleation.ts';
import { Reallocation, Wake } from '../policy/reallocation.ts';
import { requeuedAt, rotationOrder } from '../policy/service-order.ts';

/**
 * LSF-MALL-AD (Parsons & Sevcik 1997, seed 000 §5.1), malleable and adaptive. As LSF-MIG — jobs
 * younger than the profile's `minRunBeforeReallocation` keep running, first fit over the rest in
 * round-robin order (waiting jobs first; least remaining demand first when known) — except that
 * every job, fresh or preempted or running, is fitted with its *minimum* count and may be given any count. Leftover
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
        const selection = firstFit(
          rotationOrder(available.pool, requeuedAt(ctx)),
          (j) => j.minSize,
          available,
        );
        spreadSelection(selection, available);
        applyMalleable(ctx, available, selection);
        if (available.pool.length > 0) wake.at(ctx, available.comesOfAge, 'minimum run');
      },
    };
  },
});
