import { defineDiscipline } from '@js/core';
import { firstFit, spreadSelection } from '../policy/adaptive-selection.ts';
import { applyMalleable } from '../policy/malleation.ts';
import { Reallocation, reallocationOptions, Wake, wakeAgain } from '../policy/reallocation.ts';
import { feedbackOrder } from '../policy/service-order.ts';

/**
 * LSF-MALL-AD (Parsons & Sevcik 1997, seed 000 §5.1), malleable and adaptive. As LSF-MIG — jobs
 * younger than the profile's `minRunBeforeReallocation` keep running, first fit over the rest by
 * least acquired processing time (multilevel feedback; least remaining demand first when known) —
 * except that every job, fresh or preempted or running, is fitted with its *minimum* count and may
 * be given any count. Leftover processors go to the selected jobs as in LSF-RTC-AD: to the smallest allocation first
 * (equi-allocation), or, with speedup knowledge, each to the job most efficient after receiving
 * it. Running jobs not selected are checkpointed; selected ones are resized to their new count.
 * A resize starts a job's minimum run afresh: LSF changes a malleable job's allocation through
 * the migrate interface, a checkpoint and a start on the new count (§4.2).
 */
export const lsfMallAd = defineDiscipline({
  name: 'lsf-mall-ad',
  summary: 'malleable adaptive: fit every job of age on its minimum, spread the rest, resize or checkpoint',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-MALL-AD)',
  options: reallocationOptions,
  capabilities: { sizing: 'malleable', preemption: 'resize' },
  create: ({ quantum }, { profile }) => {
    const wake = new Wake();
    return {
      schedule(ctx) {
        const available = new Reallocation(ctx, profile.minRunBeforeReallocation);
        const selection = firstFit(feedbackOrder(available.pool), (j) => j.minSize, available);
        spreadSelection(selection, available);
        applyMalleable(ctx, available, selection);
        wakeAgain(ctx, wake, available, selection.jobs.length, quantum, true);
      },
    };
  },
});
