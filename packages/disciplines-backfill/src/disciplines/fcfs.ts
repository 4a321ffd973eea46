import { defineDiscipline } from '@js/core';
import * as z from 'zod';

/**
 * First-come first-served: start waiting jobs in arrival order while the oldest fits; when it
 * does not, everyone waits (Leinberger et al., seed 001 §2, "FCFS").
 */
export const fcfs = defineDiscipline({
  name: 'fcfs',
  summary: 'first-come first-served: the oldest job starts when it fits; nobody overtakes it',
  source: 'Leinberger, Karypis & Kumar 1999, §2 (FCFS); the baseline of every space-sharing study',
  options: z.object({}).strict(),
  create: () => ({
    schedule(ctx) {
      for (const job of ctx.jobs.pending) {
        if (!ctx.machine.fits(job.size, job.demand)) return;
        ctx.start(job);
      }
    },
  }),
});
