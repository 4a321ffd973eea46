import type { JobView } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PendingQueue, StoppedQueues } from './mlfq-queues.ts';

/** Just what the queues read of a job. */
const job = (arrival: number, size: number, inOverhead = false) =>
  ({ arrival, size, inOverhead }) as unknown as JobView;

describe('PendingQueue', () => {
  it('finds the next job needing at most so many processors, as a scan of its slots would', () => {
    // Rounds of arrivals (their sizes), then searches from the front: each for jobs of at most
    // `most` processors, from just after the last found, some starting the job found.
    const round = fc.record({
      arrivals: fc.array(fc.integer({ min: 1, max: 64 }), { maxLength: 3 }),
      searches: fc.array(fc.record({ most: fc.integer({ min: 1, max: 64 }), start: fc.boolean() }), {
        maxLength: 12,
      }),
    });
    fc.assert(
      fc.property(fc.array(round, { maxLength: 40 }), (rounds) => {
        const queue = new PendingQueue();
        let pending: JobView[] = [];
        let arrival = 0;
        for (const { arrivals, searches } of rounds) {
          for (const size of arrivals) pending.push(job(arrival++, size));
          queue.sync(pending);
          const live = Array.from({ length: queue.slots }, (_, i) => queue.job(i)).filter(
            (j) => j !== undefined,
          );
          expect(live).toEqual(pending);
          const started = new Set<JobView>();
          let from = 0;
          for (const { most, start } of searches) {
            const slot = queue.next(from, most);
            let expected = -1;
            for (let i = from; i < queue.slots && expected < 0; i++)
              if ((queue.job(i)?.size ?? most + 1) <= most) expected = i;
            expect(slot).toBe(expected);
            if (slot < 0) break;
            if (start) {
              started.add(queue.job(slot));
              queue.started(slot);
            }
            from = slot + 1;
          }
          pending = pending.filter((j) => !started.has(j));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('knows the first slot after an arrival', () => {
    const queue = new PendingQueue();
    queue.sync([job(2, 1), job(5, 1), job(9, 1)]);
    expect([1, 2, 5, 8, 9, 10].map((a) => queue.after(a))).toEqual([0, 1, 2, 2, 3, 3]);
  });

  it('rebuilds when a job leaves that it did not start', () => {
    const queue = new PendingQueue();
    const [a, b, c] = [job(0, 4), job(1, 2), job(2, 8)];
    queue.sync([a, b, c]);
    queue.sync([a, c]);
    expect(queue.job(queue.next(0, 4))).toBe(a);
    expect(queue.next(1, 4)).toBe(-1);
    expect(queue.job(queue.next(0, Number.POSITIVE_INFINITY))).toBe(a);
  });
});

describe('StoppedQueues', () => {
  it('orders the jobs done stopping by level, then arrival, and keeps them while the list stays', () => {
    const queues = new StoppedQueues();
    const levels = new Map<JobView, number>();
    const levelOf = (j: JobView) => levels.get(j)!;
    const [a, b, c, d] = [job(0, 1), job(1, 1), job(2, 1), job(3, 1, true)];
    levels.set(a, 2).set(b, 0).set(c, 2).set(d, 1);
    const list = [a, b, c, d];
    const first = queues.of(list, levelOf);
    expect(first.map((s) => s.job)).toEqual([b, a, c]);
    first[1]!.blocker = 7;
    expect(queues.of(list, levelOf)).toBe(first);
    // The stopping job is done: it joins its level, and the others keep what was found.
    (d as { inOverhead: boolean }).inOverhead = false;
    const second = queues.of(list, levelOf);
    expect(second.map((s) => s.job)).toEqual([b, d, a, c]);
    expect(second[2]!.blocker).toBe(7);
  });
});
