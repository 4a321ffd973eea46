import { defineDiscipline } from '@js/core';
import * as z from 'zod';

/**
 * First fit: scan the queue in arrival order and start every job that fits now, with no
 * reservation for anyone (Leinberger et al., seed 001 §2, "FCFS/FF"). Large jobs can starve.
 */
export const fcfsFirstFit = defineDiscipline({
  name: 'fcfs-ff',
  summary: 'first fit: start any waiting job that fits, in arrival order, with no reservations',
  source: 'Leinberger, Karypis & Kumar 1999, §2 (FCFS/FF)',
  options: z.object({}).strict(),
  create: () => ({
    schedule(ctx) {
      for (const job of ctx.jobs.pending) {
        if (ctx.machine.idleProcessors === 0) return;
        if (ctx.machine.fits(job.size, job.demand)) ctx.start(job);
      }
    },
  }),
});
