import type { JobView } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WaitingIndex } from './waiting-index.ts';

type Fake = { id: number; size: number; estimate: number };

/** The test a plain scan applies to each waiting job (the index's leaves apply the same). */
const mayBackfill = (job: Fake, q: { idle: number; extra: number; now: number; shadow: number }) =>
  job.size <= q.idle && (job.size <= q.extra || q.now + job.estimate <= q.shadow);

describe('WaitingIndex', () => {
  it('finds, in arrival order, exactly the jobs a plain scan would, through removals and compactions', () => {
    const step = fc.oneof(
      fc.record({
        op: fc.constant('add' as const),
        size: fc.integer({ min: 1, max: 64 }),
        estimate: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant(Number.POSITIVE_INFINITY)),
      }),
      fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({
        op: fc.constant('scan' as const),
        idle: fc.integer({ min: 0, max: 64 }),
        extra: fc.integer({ min: -8, max: 64 }),
        now: fc.integer({ min: 0, max: 500 }),
        shadow: fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.constant(Number.NEGATIVE_INFINITY)),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
        const index = new WaitingIndex();
        const waiting: Fake[] = [];
        steps.forEach((s, id) => {
          if (s.op === 'add') {
            const job = { id, size: s.size, estimate: s.estimate };
            waiting.push(job);
            index.add(job as unknown as JobView);
          } else if (s.op === 'remove' && waiting.length > 0) {
            const [job] = waiting.splice(s.pick % waiting.length, 1);
            index.remove(index.jobs.indexOf(job as unknown as JobView));
          } else if (s.op === 'scan') {
            // Every candidate in turn, as the backfill loop walks them.
            const found: number[] = [];
            for (
              let j = index.next(0, s.idle, s.extra, s.now, s.shadow);
              j >= 0;
              j = index.next(j + 1, s.idle, s.extra, s.now, s.shadow)
            )
              found.push((index.jobs[j] as unknown as Fake).id);
            const expected = waiting.filter((job) => mayBackfill(job, s)).map((job) => job.id);
            expect(found).toEqual(expected);
          }
          const live: number[] = [];
          for (let j = index.nextLive(0); j >= 0; j = index.nextLive(j + 1))
            live.push((index.jobs[j] as unknown as Fake).id);
          expect(live).toEqual(waiting.map((job) => job.id));
        });
      }),
      { seed: 20261126 },
    );
  });
});
