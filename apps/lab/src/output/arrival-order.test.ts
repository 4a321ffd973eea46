import type { JobOutcome } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArrivalOrder } from './schedule.ts';

const outcome = (arrival: number) => ({ arrival }) as JobOutcome;

describe('ArrivalOrder', () => {
  it('writes every job in arrival order, however far jobs overtake (past the ring size)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }).chain((n) =>
          fc.shuffledSubarray(
            Array.from({ length: n }, (_, i) => i),
            { minLength: n, maxLength: n },
          ),
        ),
        (ends) => {
          const written: number[] = [];
          const order = new ArrivalOrder((o) => written.push(o.arrival));
          for (const arrival of ends) order.add(outcome(arrival));
          expect(written).toEqual([...ends].sort((a, b) => a - b));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('flush writes the jobs held behind one that never ended, still in order', () => {
    const written: number[] = [];
    const order = new ArrivalOrder((o) => written.push(o.arrival));
    // Job 0 never ends (a run cut short): jobs 1, 3000 and 2 wait behind it.
    for (const arrival of [3000, 2, 1]) order.add(outcome(arrival));
    expect(written).toEqual([]);
    order.flush();
    expect(written).toEqual([1, 2, 3000]);
  });
});
