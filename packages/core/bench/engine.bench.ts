import { Machine } from '@js/machine';
import * as z from 'zod';
import { defineBench } from '../../../tooling/bench.ts';
import { defineDiscipline, type Job, simulate } from '../src/index.ts';

/** Start every job at once: arrive → start → finish, the engine's own cost per event. */
const startAll = defineDiscipline({
  name: 'start-all',
  summary: 'null discipline for benchmarks',
  source: 'bench',
  options: z.object({}),
  create: () => ({
    schedule(ctx) {
      for (const job of ctx.jobs.pending) ctx.start(job);
    },
  }),
});

const N = 1_000_000;
const jobs: Job[] = [];

export default defineBench('engine', [
  {
    name: `null discipline, ${N.toLocaleString('en-US')} jobs (1 proc each, ≤ 64 in the system)`,
    setup: () => {
      jobs.length = 0;
      for (let i = 0; i < N; i++)
        jobs.push({ id: i, submit: i, size: 1, runtime: 1 + (i % 64), estimate: 64 });
    },
    run: async () => {
      const result = await simulate(jobs, { machine: Machine.flat(64), discipline: startAll });
      return { jobs: result.ended, events: result.events };
    },
    iterations: 3,
  },
]);
