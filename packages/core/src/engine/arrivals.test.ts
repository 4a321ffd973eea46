import { Machine } from '@js/machine';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineDiscipline } from '../discipline/define.ts';
import type { Job } from '../job/job.ts';
import type { JobOutcome } from './observer.ts';
import { job } from './scripted.test-support.ts';
import { simulate } from './simulation.ts';

const fifo = defineDiscipline({
  name: 'fifo',
  summary: 'start everything that fits',
  source: 'test',
  options: z.object({}),
  create: () => ({
    schedule(ctx) {
      for (const j of ctx.jobs.pending) if (ctx.machine.fits(j.size, j.demand)) ctx.start(j);
    },
  }),
});

describe('engine: job sources', () => {
  it('an async source gives the schedule a sync one gives, jobs of one instant included', async () => {
    // Same-time arrivals make the engine wait for the source in the middle of an instant.
    const jobs = Array.from({ length: 40 }, (_, i) =>
      job(i + 1, Math.floor(i / 4) * 2, 1 + (i % 3), 1 + (i % 5)),
    );
    async function* source() {
      yield* jobs;
    }
    const ends = async (input: Iterable<Job> | AsyncIterable<Job>) => {
      const outcomes: JobOutcome[] = [];
      const result = await simulate(input, {
        machine: Machine.flat(4),
        discipline: fifo,
        observers: [{ jobEnded: (o) => outcomes.push(o) }],
      });
      return { result, schedule: outcomes.map((o) => [o.job.id, o.start, o.end]) };
    };
    // A source that holds two of every three jobs already (takeBuffered): the engine awaits only the third.
    let awaited = 0;
    const buffered = {
      [Symbol.asyncIterator]: () => {
        let i = 0;
        return {
          takeBuffered: () => (i % 3 !== 2 && i < jobs.length ? jobs[i++] : undefined),
          next: async () => {
            awaited++;
            return i < jobs.length ? { done: false, value: jobs[i++]! } : { done: true, value: undefined };
          },
        };
      },
    } as AsyncIterable<Job>;
    const sync = await ends(jobs);
    expect(sync.schedule).toHaveLength(40);
    expect(await ends(source())).toEqual(sync);
    expect(await ends(buffered)).toEqual(sync);
    expect(awaited).toBeLessThan(20);
  });
});
