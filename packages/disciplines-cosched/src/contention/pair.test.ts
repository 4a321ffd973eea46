import { RandomStreams } from '@js/core';
import { modelWorkload, zengSodanTable4 } from '@js/workloads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coschedulingSlowdown, pairCoschedulingSlowdown, pairUniform, tableQuantile } from './pair.ts';

// Table 4's SL_cos column, percent per range [0.9, 1.0) … [1.7, 1.8): 0 68 17 7 3 2 1 1 1.
const cos: readonly number[] = zengSodanTable4.cos;
const rangeOf = (x: number): number => Math.floor((x - 0.9) / 0.1 + 1e-9);
const key = fc.integer({ min: 0, max: 2 ** 32 - 1 });

describe('tableQuantile: the inverse of a Table 4 column, uniform inside each range', () => {
  it.each([
    // Cumulative shares: [1.0, 1.1) holds u < 0.68, [1.1, 1.2) up to 0.85, [1.2, 1.3) up to 0.92 …
    [0, 1.0],
    [0.34, 1.05],
    [0.68, 1.1],
    [0.765, 1.15],
    [0.85, 1.2],
    [0.935, 1.35],
    [0.995, 1.75],
  ])('u = %d → %d', (u, value) => {
    expect(tableQuantile(cos, u)).toBeCloseTo(value, 12);
  });

  it('is non-decreasing and stays inside the ranges that have a share', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (u, v) => {
          const [lo, hi] = u <= v ? [u, v] : [v, u];
          expect(tableQuantile(cos, lo)).toBeLessThanOrEqual(tableQuantile(cos, hi));
          const x = tableQuantile(cos, u);
          expect(x).toBeGreaterThanOrEqual(1.0);
          expect(x).toBeLessThanOrEqual(1.8);
          expect(cos[Math.min(8, rangeOf(x))]).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('pairCoschedulingSlowdown: SL_{A,i} per ordered pair of keys (§4.6)', () => {
  it('is a function of the two keys: the same pair always gets the same value', () => {
    fc.assert(
      fc.property(key, key, (a, b) => {
        expect(pairUniform(a, b)).toBeGreaterThanOrEqual(0);
        expect(pairUniform(a, b)).toBeLessThan(1);
        expect(pairCoschedulingSlowdown(a, b)).toBe(pairCoschedulingSlowdown(a, b));
      }),
    );
    // Pinned: a change of hash changes every run's results, so it must be deliberate.
    expect(pairCoschedulingSlowdown(2, 4)).toBeCloseTo(1.0178, 4);
    expect(pairCoschedulingSlowdown(4, 2)).toBeCloseTo(1.1796, 4);
  });

  // 200 000 pairs of keys from a seeded stream. A share p of n draws has standard deviation
  // √(p(1 − p)/n) ≤ 0.0011: the 0.5 % tolerance is more than four of them for every range.
  const n = 200_000;
  const stream = new RandomStreams(11).stream('test.keys');
  const draw = () => Math.floor(stream.next() * 2 ** 32);
  const pairs = Array.from({ length: n }, () => [draw(), draw()] as const);
  const forward = pairs.map(([a, b]) => pairCoschedulingSlowdown(a, b));
  const backward = pairs.map(([a, b]) => pairCoschedulingSlowdown(b, a));

  it('falls in each Table 4 range with the table’s share (±0.5 %), both directions', () => {
    for (const values of [forward, backward]) {
      const counts = new Array<number>(9).fill(0);
      for (const x of values) counts[rangeOf(x)]!++;
      cos.forEach((percent, i) => {
        expect(Math.abs(counts[i]! / n - percent / 100)).toBeLessThan(0.005);
      });
    }
  });

  it('is uniform inside a range: values in [1.0, 1.1) average 1.05 (±0.001) and fill its tenths evenly (±0.5 %)', () => {
    const inRange = forward.filter((x) => x >= 1 && x < 1.1);
    expect(Math.abs(inRange.reduce((s, x) => s + x, 0) / inRange.length - 1.05)).toBeLessThan(0.001);
    const tenths = new Array<number>(10).fill(0);
    for (const x of inRange) tenths[Math.min(9, Math.floor((x - 1) * 100))]!++;
    for (const t of tenths) expect(Math.abs(t / inRange.length - 0.1)).toBeLessThan(0.005);
  });

  it('direction matters: SL_{A,i} and SL_{i,A} are independent draws', () => {
    // Independent: both in the same range with probability Σ p² = 0.4978 (1 if direction did not
    // matter), and uncorrelated. The share has standard deviation 0.0011; ±0.006 is over five.
    const same = pairs.filter((_, j) => rangeOf(forward[j]!) === rangeOf(backward[j]!)).length / n;
    const sumSquares = cos.reduce((s, p) => s + (p / 100) ** 2, 0);
    expect(sumSquares).toBeCloseTo(0.4978, 4);
    expect(Math.abs(same - sumSquares)).toBeLessThan(0.006);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const [mf, mb] = [mean(forward), mean(backward)];
    let cov = 0;
    let vf = 0;
    let vb = 0;
    for (let j = 0; j < n; j++) {
      cov += (forward[j]! - mf) * (backward[j]! - mb);
      vf += (forward[j]! - mf) ** 2;
      vb += (backward[j]! - mb) ** 2;
    }
    // Correlation of independent samples: standard deviation 1/√n = 0.0022.
    expect(Math.abs(cov / Math.sqrt(vf * vb))).toBeLessThan(0.012);
  });

  it('one job’s values with different partners are independent draws too (no per-job value hides in them)', () => {
    // Job A = a fixed key against 20 000 partners: its values follow Table 4, not one value.
    const a = 123_456_789;
    const values = pairs.slice(0, 20_000).map(([, b]) => pairCoschedulingSlowdown(a, b));
    const first = values.filter((x) => rangeOf(x) === 1).length / values.length;
    // 68 %, standard deviation 0.0033.
    expect(Math.abs(first - 0.68)).toBeLessThan(0.017);
    expect(new Set(values).size).toBeGreaterThan(19_900);
  });
});

describe('coschedulingSlowdown: which SL_cos a job suffers beside a partner', () => {
  it('the pair value when both carry a key, else the job’s own slCos, else 1', () => {
    expect(coschedulingSlowdown({ cosKey: 2, slCos: 1.5 }, { cosKey: 4 })).toBe(
      pairCoschedulingSlowdown(2, 4),
    );
    expect(coschedulingSlowdown({ cosKey: 4, slCos: 1.5 }, { cosKey: 2 })).toBe(
      pairCoschedulingSlowdown(4, 2),
    );
    expect(coschedulingSlowdown({ cosKey: 2, slCos: 1.5 }, { slCos: 1.2 })).toBe(1.5);
    expect(coschedulingSlowdown({ cosKey: 2, slCos: 1.5 }, undefined)).toBe(1.5);
    expect(coschedulingSlowdown({ slCos: 1.3 }, { cosKey: 4 })).toBe(1.3);
    expect(coschedulingSlowdown(undefined, { cosKey: 4 })).toBe(1);
  });

  it('a zeng-sodan-multicore workload keys every job from its seed: same seed, same keys; slCos as before', () => {
    const keys = (seed: number, slCos: 'pair' | 'job') =>
      [...modelWorkload('zeng-sodan-multicore', { jobs: 300, seed, options: { slCos } }).jobs].map(
        (j) => j.traits!,
      );
    const a = keys(5, 'pair');
    expect(keys(5, 'pair')).toEqual(a);
    expect(keys(6, 'pair').map((t) => t.cosKey)).not.toEqual(a.map((t) => t.cosKey));
    expect(a.every((t) => Number.isInteger(t.cosKey) && t.cosKey! >= 0 && t.cosKey! < 2 ** 32)).toBe(true);
    // `slCos: 'job'`: no keys, and every other trait as in 'pair' (the keys have a stream of their own).
    const job = keys(5, 'job');
    expect(job.some((t) => t.cosKey !== undefined)).toBe(false);
    expect(job).toEqual(a.map(({ cosKey: _, ...rest }) => rest));
  });
});
