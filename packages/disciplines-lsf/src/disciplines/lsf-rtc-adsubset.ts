import { defineDiscipline } from '@js/core';
import { jobsInSystem, spreadSelection, subsetOptions, subsetSelect } from '../policy/adaptive-selection.ts';
import { freeNow } from '../policy/reallocation.ts';
import { serviceOrder } from '../policy/service-order.ts';
import { startSelection } from '../policy/start.ts';

/**
 * LSF-RTC-ADSUBSET (Parsons & Sevcik 1997, seed 000 §5.1), moldable, run to completion. Let L be
 * the jobs in the system and N_ff the jobs LSF-RTC-AD's first fit would select; commit only the
 * first N′ = ⌊N_ff · max(1 − L/(δ·N_ff), 0)⌋ (δ = 5). With the leftover processors and leftover
 * jobs, a subset-sum picks the jobs whose minimums leave the fewest surplus processors (those
 * allocated beyond minimums); they join the selection, and the surplus is spread as in
 * LSF-RTC-AD. The selected jobs start on those counts and keep them.
 */
export const lsfRtcAdsubset = defineDiscipline({
  name: 'lsf-rtc-adsubset',
  summary: 'adaptive run to completion: commit part of first fit, subset-sum the rest to minimise surplus',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-RTC-ADSUBSET)',
  options: subsetOptions,
  capabilities: { sizing: 'moldable', preemption: 'none' },
  create: ({ delta }) => ({
    schedule(ctx) {
      if (ctx.machine.idleProcessors === 0) return;
      const free = freeNow(ctx);
      const selection = subsetSelect(
        serviceOrder(ctx.jobs.pending),
        (j) => j.minSize,
        free,
        jobsInSystem(ctx.jobs),
        delta,
      );
      spreadSelection(selection, free);
      startSelection(ctx, selection);
    },
  }),
});
