import { defineDiscipline, definePlugin } from '@js/core';
import * as z from 'zod';

/**
 * Shortest job first, by the visible estimate: whenever processors are free, start the waiting
 * jobs that fit, shortest first. With `maxWait`, a job that has waited that long jumps the line
 * (so long jobs cannot starve forever).
 */
export const shortestFirst = defineDiscipline({
  name: 'shortest-first',
  summary: 'start the shortest waiting jobs (by estimate) that fit; optional aging bound',
  source: 'classic SJF; example plugin of the schedlab README',
  options: z
    .object({
      maxWait: z.number().positive().optional().describe('seconds after which a job goes to the front'),
    })
    .strict(),
  create: (options) => ({
    schedule(ctx) {
      const overdue = (j: { submit: number }) =>
        options.maxWait !== undefined && ctx.now - j.submit >= options.maxWait;
      const order = [...ctx.jobs.pending].sort(
        (a, b) => Number(overdue(b)) - Number(overdue(a)) || a.estimate - b.estimate || a.arrival - b.arrival,
      );
      for (const job of order) {
        if (ctx.machine.fits(job.size, job.demand)) ctx.start(job);
      }
    },
  }),
});

export default definePlugin({ name: 'shortest-first-example', disciplines: [shortestFirst] });
