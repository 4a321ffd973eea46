import type { PluginNames } from '../names.ts';

/**
 * The generated discipline: first come, first served with first-fit backfilling, and a bound on
 * how long the head of the queue may be passed (without it, first fit starves wide jobs). Small,
 * correct, and written against the public API only, so it is a working starting point.
 */
export function disciplineSource(names: PluginNames): string {
  return `import { defineDiscipline } from '@js/core';
import * as z from 'zod';

/**
 * First come, first served with first-fit backfilling: scan the waiting jobs in arrival order and
 * start every one that fits now. The first job that does not fit is the head; later jobs may pass
 * it (backfill) until it has waited \`headWaitLimit\` seconds, after which nobody passes it, so a
 * wide job waits at most that long plus the time the running jobs need to drain.
 */
export const ${names.identifier} = defineDiscipline({
  name: '${names.discipline}',
  summary: 'FCFS with first-fit backfilling until the head has waited headWaitLimit seconds',
  source: 'FCFS/first fit as in Leinberger, Karypis & Kumar 1999, section 2, with a starvation bound',
  options: z
    .object({
      headWaitLimit: z
        .number()
        .nonnegative()
        .default(86_400)
        .describe('seconds the head may wait before no later job passes it (0: plain FCFS)'),
    })
    .strict(),
  create: (options) => ({
    schedule(ctx) {
      let headSeen = false;
      for (const job of ctx.jobs.pending) {
        if (ctx.machine.idleProcessors === 0) return;
        if (ctx.machine.fits(job.size, job.demand)) {
          ctx.start(job);
          continue;
        }
        if (headSeen) continue;
        headSeen = true;
        // The head has waited long enough: keep what is free for it.
        if (ctx.now - job.submit >= options.headWaitLimit) return;
      }
    },
  }),
});
`;
}
