import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { serviceOrder } from '../policy/service-order.ts';

/**
 * LSF-RTC (Parsons & Sevcik 1997, seed 000 §5.1): whenever a job arrives or departs, scan the
 * pending queue for the first job for which enough processors are available, start it on its
 * desired count, and repeat. The queue is in arrival order (FCFS with skipping); with service
 * demand known it is scanned by increasing demand (SPT with skipping). Jobs run to completion.
 */
export const lsfRtc = defineDiscipline({
  name: 'lsf-rtc',
  summary:
    'run to completion: start every pending job that fits on its desired count, FCFS (SPT with demand)',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-RTC)',
  options: z.object({}).strict(),
  capabilities: { sizing: 'rigid', preemption: 'none' },
  create: () => ({
    schedule(ctx) {
      // Free processors only shrink as jobs start, so one ordered pass finds what repeated scans would.
      for (const job of serviceOrder(ctx.jobs.pending)) {
        if (ctx.machine.idleProcessors === 0) return;
        if (ctx.machine.fits(job.size, job.demand)) ctx.start(job);
      }
    },
  }),
});
