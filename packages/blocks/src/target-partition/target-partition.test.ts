import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { targetPartition } from './target-partition.ts';

const moldable = (maxSize: number, minSize = 1) => ({ minSize, maxSize });

describe('targetPartition', () => {
  it('gives each job the target, capped by its maximum', () => {
    expect(targetPartition([moldable(64), moldable(4), moldable(16)], 32, 8)).toEqual([8, 4, 8]);
  });

  it('activates the last job on the processors left, fewer than the target', () => {
    expect(targetPartition([moldable(64), moldable(64), moldable(64)], 20, 8)).toEqual([8, 8, 4]);
  });

  it('leaves processors free when every job has its share', () => {
    expect(targetPartition([moldable(64), moldable(64)], 32, 11)).toEqual([11, 11]);
  });

  it('with an infinite target, each takes min(maximum, left) in order (SDF)', () => {
    expect(targetPartition([moldable(4), moldable(64), moldable(16)], 32, Infinity)).toEqual([4, 28, 0]);
  });

  it('never gives less than a minimum, and stops at the first minimum that does not fit', () => {
    expect(targetPartition([moldable(8, 3), moldable(8), moldable(8)], 8, 2)).toEqual([3, 2, 2]);
    expect(targetPartition([moldable(2), moldable(8, 7), moldable(1)], 8, 2)).toEqual([2, 0, 0]);
  });

  it('stays within the processors and each job’s bounds', () => {
    const bounds = fc.array(
      fc
        .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 40 }))
        .map(([min, extra]) => moldable(min + extra, min)),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        bounds,
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 64 }),
        (jobs, P, target) => {
          const c = targetPartition(jobs, P, target);
          expect(c.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(P);
          const admitted = c.indexOf(0);
          c.forEach((x, i) => {
            if (admitted !== -1 && i >= admitted) expect(x).toBe(0);
            else {
              expect(x).toBeGreaterThanOrEqual(jobs[i]!.minSize);
              expect(x).toBeLessThanOrEqual(Math.max(jobs[i]!.minSize, Math.min(jobs[i]!.maxSize, target)));
            }
          });
        },
      ),
    );
  });
});
