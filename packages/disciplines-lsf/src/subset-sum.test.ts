import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimiseSurplus } from './subset-sum.ts';

/** Every subset by brute force: least surplus first, then the earliest jobs. */
function bruteForce(minimums: readonly number[], free: number): number[] {
  let best: number[] = [];
  let bestSum = 0;
  for (let mask = 0; mask < 1 << minimums.length; mask++) {
    const subset = minimums.map((_, i) => i).filter((i) => mask & (1 << i));
    const sum = subset.reduce((s, i) => s + minimums[i]!, 0);
    if (sum > free) continue;
    if (sum > bestSum || (sum === bestSum && earlier(subset, best))) {
      best = subset;
      bestSum = sum;
    }
  }
  return best;
}

/** Whether `a` takes an earlier job than `b` at their first difference. */
function earlier(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k]! < b[k]!;
  return a.length > b.length;
}

describe('minimiseSurplus', () => {
  it('fills the free processors exactly when some subset can', () => {
    // 10 free: 6 + 4 leaves no surplus; first fit (6, then 3) would leave 1.
    expect(minimiseSurplus([6, 3, 4], 10)).toEqual([0, 2]);
  });
  it('leaves the least surplus when nothing fills exactly', () => {
    // 9 free: 4 + 4 = 8 leaves 1; 7 alone leaves 2; 4 + 7 = 11 does not fit.
    expect(minimiseSurplus([4, 4, 7], 9)).toEqual([0, 1]);
  });
  it('breaks ties toward the earliest jobs', () => {
    // 5 free: 2 + 3 fills it as [0, 1], [0, 3], [1, 2] or [2, 3]; the earliest is [0, 1].
    expect(minimiseSurplus([2, 3, 2, 3], 5)).toEqual([0, 1]);
    // 4 free: [1] (a 4) and [2, 3] (2 + 2) both fill it; [1] takes the earlier job.
    expect(minimiseSurplus([5, 4, 2, 2], 4)).toEqual([1]);
  });
  it('chooses nothing when no minimum fits, and everything when all fit', () => {
    expect(minimiseSurplus([5, 6], 4)).toEqual([]);
    expect(minimiseSurplus([1, 2, 3], 10)).toEqual([0, 1, 2]);
    expect(minimiseSurplus([], 8)).toEqual([]);
    expect(minimiseSurplus([3], 0)).toEqual([]);
    // Free processors without bound, or none to speak of: every job, or none.
    expect(minimiseSurplus([40, 3], Number.POSITIVE_INFINITY)).toEqual([0, 1]);
    expect(minimiseSurplus([40, 3], 2 ** 32 + 40)).toEqual([0, 1]);
    expect(minimiseSurplus([40, 3], Number.NaN)).toEqual([]);
  });
  it('agrees with brute force on small inputs', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 10 }),
          // across several 32-sum words of the bit sets
          fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 10 }),
        ),
        fc.integer({ min: 0, max: 300 }),
        (minimums, free) => {
          const chosen = minimiseSurplus(minimums, free);
          expect(chosen).toEqual(bruteForce(minimums, free));
          expect(chosen.reduce((s, i) => s + minimums[i]!, 0)).toBeLessThanOrEqual(free);
        },
      ),
      { numRuns: 500 },
    );
  });
});
