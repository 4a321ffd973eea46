import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equipartition } from './equipartition.ts';

const malleable = (maxSize: number, minSize = 1) => ({ minSize, maxSize });

describe('equipartition', () => {
  it('splits evenly, extra processors to the oldest', () => {
    expect(equipartition([malleable(32), malleable(32), malleable(32)], 32)).toEqual([11, 11, 10]);
  });
  it('caps at p_max and gives the rest to the others', () => {
    expect(equipartition([malleable(4), malleable(64), malleable(16)], 32)).toEqual([4, 14, 14]);
  });
  it('admits in order while minimums fit; the rest wait', () => {
    expect(equipartition([malleable(8), malleable(8), malleable(8)], 2)).toEqual([1, 1, 0]);
    expect(equipartition([malleable(3, 3), malleable(2, 2), malleable(4)], 4)).toEqual([3, 0, 0]);
  });
  it('never exceeds the machine or a bound, and is as equal as the bounds allow', () => {
    const bounds = fc.array(
      fc
        .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 40 }))
        .map(([min, extra]) => malleable(min + extra, min)),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(bounds, fc.integer({ min: 1, max: 64 }), (jobs, P) => {
        const c = equipartition(jobs, P);
        expect(c.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(P);
        const admitted = c.filter((x) => x > 0).length;
        c.forEach((x, i) => {
          if (i < admitted) expect(x).toBeGreaterThanOrEqual(jobs[i]!.minSize);
          expect(x).toBeLessThanOrEqual(jobs[i]!.maxSize);
        });
        // Work-conserving: processors are left idle only when every admitted job is at its maximum.
        if (c.reduce((a, b) => a + b, 0) < P)
          c.slice(0, admitted).forEach((x, i) => expect(x).toBe(jobs[i]!.maxSize));
        // Equal: a job below its maximum has no fewer than any other job minus one (beyond its minimum).
        c.slice(0, admitted).forEach((x, i) => {
          if (x < jobs[i]!.maxSize)
            c.slice(0, admitted).forEach((y, k) =>
              expect(y - 1).toBeLessThanOrEqual(Math.max(x, jobs[k]!.minSize)),
            );
        });
      }),
    );
  });
});
