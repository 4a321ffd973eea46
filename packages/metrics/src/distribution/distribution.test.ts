import { RandomStreams } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution } from './distribution.ts';

/** The exact value the sketch estimates: rank ⌊q·(n−1)⌋ of the sorted sample. */
const exactQuantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.floor(q * (sorted.length - 1))];

/** Relative error allowed: α, plus a hair for the rounding of log/pow in the key mapping. */
const withinAccuracy = (estimate: number, exact: number, alpha: number): boolean =>
  exact === 0 ? estimate === 0 : Math.abs(estimate - exact) <= alpha * (1 + 1e-9) * Math.abs(exact);

type Shape = 'exponential' | 'lognormal' | 'hyperexponential' | 'integers-with-zeros';

/** Seeded samples shaped like scheduling figures: waits (many zeros, ties), runtimes, slowdowns. */
function sample(seed: number, shape: Shape, n: number): number[] {
  const u = new RandomStreams(seed).stream(shape);
  const exp = (mean: number): number => -mean * Math.log(1 - u.next());
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - u.next())) * Math.cos(2 * Math.PI * u.next());
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    switch (shape) {
      case 'exponential':
        values.push(exp(1000));
        break;
      case 'lognormal':
        values.push(Math.exp(3 + 2.5 * normal()));
        break;
      case 'hyperexponential':
        // Parsons–Sevcik style: 12.5 % long jobs (mean 101 000 s), the rest short (mean 1 300 s).
        values.push(u.next() < 0.125 ? exp(101_000) : exp(1300));
        break;
      case 'integers-with-zeros':
        values.push(u.next() < 0.4 ? 0 : Math.floor(exp(600)));
        break;
    }
  }
  return values;
}

describe('Distribution', () => {
  it('gives exact count, mean and max, and the quantiles of a small sample', () => {
    const d = new Distribution();
    for (const x of [10, 0, 100, 3, 0]) d.add(x);
    const s = d.summary();
    expect(s.count).toBe(5);
    expect(s.mean).toBe(22.6);
    expect(s.max).toBe(100);
    // Sorted 0 0 3 10 100: median at rank ⌊0.5·4⌋ = 2, p95 at rank ⌊0.95·4⌋ = 3.
    expect(s.median).toBeCloseTo(3, 1);
    expect(withinAccuracy(s.median, 3, 0.01)).toBe(true);
    expect(withinAccuracy(s.p95, 10, 0.01)).toBe(true);
  });

  it('reports zero quantiles exactly (jobs that did not wait)', () => {
    const d = new Distribution();
    for (let i = 0; i < 10; i++) d.add(0);
    d.add(50);
    expect(d.summary().median).toBe(0);
  });

  it('never puts a quantile outside the exact minimum and maximum', () => {
    const d = new Distribution();
    for (let i = 0; i < 100; i++) d.add(1); // bounded slowdowns of jobs that did not wait
    expect(d.summary()).toMatchObject({ median: 1, p95: 1, max: 1 });
  });

  it('is NaN throughout when empty', () => {
    const s = new Distribution().summary();
    expect(s.count).toBe(0);
    for (const figure of [s.mean, s.median, s.p95, s.max]) expect(figure).toBeNaN();
  });

  it('ignores non-finite values', () => {
    const d = new Distribution();
    d.add(Number.POSITIVE_INFINITY);
    d.add(Number.NaN);
    d.add(4);
    expect(d.summary()).toMatchObject({ count: 1, mean: 4, max: 4 });
  });

  it('estimates quantiles of large samples within the stated relative error', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<Shape>('exponential', 'lognormal', 'hyperexponential', 'integers-with-zeros'),
        fc.integer({ min: 1, max: 40_000 }),
        fc.constantFrom(0.001, 0.01, 0.05),
        (seed, shape, n, alpha) => {
          const values = sample(seed, shape, n);
          const d = new Distribution(alpha);
          for (const x of values) d.add(x);
          const sorted = [...values].sort((a, b) => a - b);
          for (const q of [0, 0.25, 0.5, 0.9, 0.95, 0.99, 1]) {
            const estimate = d.quantile(q);
            const exact = exactQuantile(sorted, q);
            if (!withinAccuracy(estimate, exact, alpha)) {
              throw new Error(`q ${q}: estimate ${estimate}, exact ${exact}, α ${alpha}`);
            }
          }
          const s = d.summary();
          expect(s.max).toBe(sorted[n - 1]);
          expect(s.mean).toBeCloseTo(values.reduce((a, b) => a + b, 0) / n, 6);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('holds a fixed number of bins however many values it sees', () => {
    const d = new Distribution();
    // The range is set by the first two values; a million more inside it add no bins.
    d.add(1e-6);
    d.add(1e8);
    const binsAtStart = d.storedBins;
    const u = new RandomStreams(1).stream('memory');
    for (let i = 0; i < 1_000_000; i++) d.add(1e-6 + u.next() * 1e8);
    expect(d.count).toBe(1_000_002);
    expect(d.storedBins).toBe(binsAtStart);
    // ln(10^14) / ln γ = 1 612 buckets, rounded up to the store's chunks of 128.
    expect(binsAtStart).toBe(1664);
  });

  it('stays under 71 000 bins over the whole range of doubles at α = 1 %', () => {
    const d = new Distribution();
    for (let e = -307; e <= 308; e++) d.add(10 ** e);
    for (let e = 308; e >= -306; e--) d.add(1.5 * 10 ** (e - 1));
    expect(d.storedBins).toBeLessThan(71_000);
    expect(withinAccuracy(d.quantile(1), 1e308, 0.01)).toBe(true);
    expect(withinAccuracy(d.quantile(0), 1e-307, 0.01)).toBe(true);
  });
});
