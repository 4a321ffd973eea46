import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { firstFit, spreadSelection } from '../policy/adaptive-selection.ts';
import { freeNow } from '../policy/reallocation.ts';
import { serviceOrder } from '../policy/service-order.ts';
import { startSelection } from '../policy/start.ts';

/**
 * LSF-RTC-AD (Parsons & Sevcik 1997, seed 000 §5.1), moldable, run to completion. Whenever a job
 * arrives or departs, scan the pending queue (FCFS; by increasing demand when known), selecting
 * each job whose minimum still fits in the free processors. When no more fit, the leftover
 * processors equalise the selected jobs' allocations (each to the smallest allocation, never above
 * a job's maximum), or, with speedup knowledge, each goes to the job whose efficiency is highest
 * after receiving it. The selected jobs start on those counts and keep them.
 */
export const lsfRtcAd = defineDiscipline({
  name: 'lsf-rtc-ad',
  summary: 'adaptive run to completion: start every pending job that fits on its minimum, spread the rest',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-RTC-AD)',
  options: z.object({}).strict(),
  capabilities: { sizing: 'moldable', preemption: 'none' },
  create: () => ({
    schedule(ctx) {
      if (ctx.machine.idleProcessors === 0) return;
      const free = freeNow(ctx);
      const selection = firstFit(serviceOrder(ctx.jobs.pending), (j) => j.minSize, free);
      spreadSelection(selection, free);
      startSelection(ctx, selection);
    },
  }),
});
