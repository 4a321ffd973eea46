import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Differentiable, differentialAllocation } from './differential.ts';

/** Sevcik's execution time T(p) = W/p + α + β·p, bounds [1, pMax]. */
const sevcik = (W: number, pMax: number, alpha = 0, beta = 0): Differentiable => ({
  minSize: 1,
  maxSize: pMax,
  executionTime: (p) => W / p + alpha + beta * p,
});

const totalTime = (jobs: readonly Differentiable[], counts: readonly number[]) =>
  counts.reduce((sum, p, i) => sum + (p > 0 ? jobs[i]!.executionTime(p) : 0), 0);

describe('differentialAllocation (DIF)', () => {
  it('gives each processor to the job whose time falls most', () => {
    // Gains, first job (W = 12): 6, 2, 1, …; second (W = 2): 1, 1/3, …
    // Processors 3 and 4 go to the first (6, then 2); the 5th ties at 1 and goes to the earlier job.
    expect(differentialAllocation([sevcik(12, 8), sevcik(2, 8)], 5)).toEqual([4, 1]);
    expect(differentialAllocation([sevcik(12, 8), sevcik(2, 8)], 6)).toEqual([4, 2]);
  });
  it('stops at a job’s maximum and gives the rest to the others', () => {
    expect(differentialAllocation([sevcik(100, 2), sevcik(1, 16)], 6)).toEqual([2, 4]);
  });
  it('leaves a processor free when one more would shorten no job', () => {
    // β·p makes T rise past p = sqrt(W/β) = 2: neither job takes a third processor.
    expect(differentialAllocation([sevcik(4, 64, 0, 1), sevcik(4, 64, 0, 1)], 10)).toEqual([2, 2]);
  });
  it('admits jobs in order while their minimums fit', () => {
    const wide: Differentiable = { minSize: 3, maxSize: 8, executionTime: (p) => 30 / p };
    expect(differentialAllocation([sevcik(10, 4), wide, sevcik(10, 4)], 3)).toEqual([3, 0, 0]);
    expect(differentialAllocation([sevcik(10, 4), wide, sevcik(10, 4)], 4)).toEqual([1, 3, 0]);
  });

  it('for convex T, minimises the total execution time within the bounds (against brute force)', () => {
    const job = fc
      .record({
        W: fc.integer({ min: 1, max: 50 }),
        pMax: fc.integer({ min: 1, max: 6 }),
        alpha: fc.integer({ min: 0, max: 5 }),
        beta: fc.integer({ min: 0, max: 3 }),
      })
      .map(({ W, pMax, alpha, beta }) => sevcik(W, pMax, alpha, beta / 4));
    fc.assert(
      fc.property(
        fc.array(job, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 3, max: 12 }),
        (jobs, P) => {
          const counts = differentialAllocation(jobs, P);
          expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(P);
          counts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(jobs[i]!.minSize);
            expect(p).toBeLessThanOrEqual(jobs[i]!.maxSize);
          });
          // Every allocation within the bounds that fits: none has a smaller total.
          let best = Number.POSITIVE_INFINITY;
          const search = (i: number, used: number, chosen: number[]): void => {
            if (i === jobs.length) {
              best = Math.min(best, totalTime(jobs, chosen));
              return;
            }
            for (let p = jobs[i]!.minSize; p <= jobs[i]!.maxSize && used + p <= P; p++)
              search(i + 1, used + p, [...chosen, p]);
          };
          search(0, 0, []);
          expect(totalTime(jobs, counts)).toBeCloseTo(best, 9);
        },
      ),
      { numRuns: 500 },
    );
  });
});
