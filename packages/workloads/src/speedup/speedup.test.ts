import { RandomStreams } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDistribution } from '../distributions/spec.ts';
import { expectationOverCounts, highestCount, lowestCount } from './counts.ts';
import { amdahlCurve, downeyCurve, linearCurve, type SpeedupCurve, sevcikCurve } from './execution-time.ts';
import { speedupLaw } from './law.ts';
import { speedupSpecSchema } from './spec.ts';

/** The smallest count in [lo, hi] at which T is least, by trying them all. */
function bruteForceBest(curve: SpeedupCurve, lo: number, hi: number): number {
  let best = lo;
  for (let p = lo + 1; p <= hi; p++) if (curve.executionTime(p) < curve.executionTime(best)) best = p;
  return best;
}

describe('execution-time curves at hand-computed points', () => {
  it('linear: T(p) = W/p', () => {
    const c = linearCurve(120);
    expect([1, 4, 7].map(c.executionTime)).toEqual([120, 30, 120 / 7]);
    expect(c.preferredSize(2, 9)).toBe(9);
  });

  it('Amdahl: T(p) = W·(f + (1 − f)/p)', () => {
    const c = amdahlCurve(100, 0.2);
    expect(c.executionTime(1)).toBeCloseTo(100, 12);
    expect(c.executionTime(4)).toBeCloseTo(40, 12);
    expect(c.executionTime(10)).toBeCloseTo(28, 12);
    expect(c.preferredSize(1, 16)).toBe(16);
    // f = 1: no speedup at all, so the fewest processors.
    expect(amdahlCurve(100, 1).preferredSize(3, 16)).toBe(3);
  });

  it('Sevcik: T(p) = φW/p + α + βp, least at ⌊√(φW/β)⌋ or ⌈√(φW/β)⌉', () => {
    const c = sevcikCurve(1000, 1, 10, 2);
    expect(c.executionTime(1)).toBeCloseTo(1012, 12);
    expect(c.executionTime(10)).toBeCloseTo(130, 12);
    expect(c.executionTime(20)).toBeCloseTo(100, 12);
    expect(c.executionTime(25)).toBeCloseTo(100, 12);
    // √500 ≈ 22.36: T(22) = 1000/22 + 54 ≈ 99.4545 < T(23) = 1000/23 + 56 ≈ 99.4783.
    expect(c.preferredSize(1, 64)).toBe(22);
    expect(c.preferredSize(1, 16)).toBe(16);
    expect(c.preferredSize(30, 64)).toBe(30);
    expect(sevcikCurve(1000, 2, 0, 2).executionTime(10)).toBeCloseTo(220, 12); // φ = 2
    expect(sevcikCurve(1000, 1, 5, 0).preferredSize(1, 40)).toBe(40); // β = 0: more is better
  });

  it('Downey: T(p) = W/S(p) in each regime (HPDC 1997)', () => {
    const low = downeyCurve(1000, 10, 0.5);
    expect(low.executionTime(1)).toBe(1000);
    expect(low.executionTime(5)).toBeCloseTo((1000 * 11) / 50, 9); // S = A·n/(A + σ(n−1)/2) = 50/11
    expect(low.executionTime(15)).toBeCloseTo((1000 * 16) / 150, 9); // S = A·n/(σ(A−½) + n(1−σ/2))
    expect(low.executionTime(25)).toBe(100); // S = A beyond 2A − 1 = 19
    expect(low.preferredSize(1, 64)).toBe(19);
    const high = downeyCurve(1000, 10, 2);
    expect(high.executionTime(5)).toBeCloseTo((1000 * 38) / 150, 9); // S = nA(σ+1)/(σ(n+A−1) + A)
    expect(high.executionTime(30)).toBe(100); // S = A beyond A + Aσ − σ = 28
    expect(high.preferredSize(1, 64)).toBe(28);
    expect(downeyCurve(1000, 7.5, 0).preferredSize(1, 64)).toBe(8); // σ = 0: S = min(n, A)
    expect(downeyCurve(1000, 1, 0.7).preferredSize(2, 64)).toBe(2); // A = 1: no speedup
  });
});

describe('execution-time curves: properties', () => {
  const work = fc.double({ min: 1, max: 1e6, noNaN: true });
  const range = fc
    .tuple(fc.integer({ min: 1, max: 128 }), fc.integer({ min: 0, max: 128 }))
    .map(([lo, extra]) => [lo, lo + extra] as const);
  // Parameters keep away from float ties (f a hair below 1; 2A − 1 a hair above an integer), where
  // "the smallest count with the least T" is decided by rounding noise.
  const serialFraction = fc.oneof(fc.double({ min: 0, max: 0.999, noNaN: true }), fc.constant(1));
  const averageParallelism = fc.integer({ min: 8, max: 800 }).map((eighths) => eighths / 8);
  const sigma = fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 3, noNaN: true }));
  const curves = fc.oneof(
    work.map((w) => linearCurve(w)),
    fc.tuple(work, serialFraction).map(([w, f]) => amdahlCurve(w, f)),
    fc.tuple(work, averageParallelism, sigma).map(([w, A, s]) => downeyCurve(w, A, s)),
  );

  it('linear, Amdahl and Downey: T(1) = W and T never increases with p', () => {
    fc.assert(
      fc.property(curves, (c) => {
        for (let p = 1; p < 200; p++)
          expect(c.executionTime(p + 1)).toBeLessThanOrEqual(c.executionTime(p) * (1 + 1e-12));
      }),
      { numRuns: 200 },
    );
  });

  const sevcik = fc
    .tuple(
      work,
      fc.double({ min: 0.5, max: 2, noNaN: true }),
      fc.double({ min: 0, max: 1e4, noNaN: true }),
      fc.double({ min: 1e-3, max: 1e4, noNaN: true }),
    )
    .map(([w, phi, alpha, beta]) => sevcikCurve(w, phi, alpha, beta));

  it('every kind prefers the smallest count with the least T (brute force agrees)', () => {
    fc.assert(
      fc.property(fc.oneof(curves, sevcik), range, (c, [lo, hi]) => {
        const size = c.preferredSize(lo, hi);
        const best = c.executionTime(bruteForceBest(c, lo, hi));
        expect(size).toBeGreaterThanOrEqual(lo);
        expect(size).toBeLessThanOrEqual(hi);
        expect(c.executionTime(size)).toBeLessThanOrEqual(best * (1 + 1e-12));
        if (size > lo) expect(c.executionTime(size - 1)).toBeGreaterThan(c.executionTime(size));
      }),
      { numRuns: 300 },
    );
  });

  it('Sevcik: T falls up to √(φW/β) and rises after it', () => {
    fc.assert(
      fc.property(work, fc.double({ min: 1e-2, max: 100, noNaN: true }), (w, beta) => {
        const c = sevcikCurve(w, 1, 3, beta);
        const pStar = Math.sqrt(w / beta);
        for (const p of [1, 2, 5, 17, 60, 300]) {
          const t = c.executionTime(p);
          if (p + 1 <= pStar) expect(c.executionTime(p + 1)).toBeLessThan(t);
          if (p >= pStar) expect(c.executionTime(p + 1)).toBeGreaterThan(t);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('rounded processor counts', () => {
  const empirical = createDistribution({ kind: 'empirical', values: [3.6, 16, 70.2] });
  it('lowest and highest counts a draw can round to', () => {
    expect(lowestCount(empirical)).toBe(4);
    expect(highestCount(empirical, 128)).toBe(70);
    expect(highestCount(empirical, 32)).toBe(32);
    expect(lowestCount(createDistribution({ kind: 'uniform', min: -5, max: 3 }))).toBe(1);
    expect(lowestCount(createDistribution({ kind: 'uniform', min: 1000.7, max: 2000 }))).toBe(1001);
    expect(highestCount(createDistribution({ kind: 'uniform', min: 1, max: 9.5 }), 64)).toBe(9);
  });

  it('E[f(K)] sums exactly over the counts', () => {
    expect(expectationOverCounts(empirical, (k) => k)).toBeCloseTo((4 + 16 + 70) / 3, 12);
    const exponential = createDistribution({ kind: 'exponential', mean: 10 });
    // P(K = 1) = P(X < 1.5); the rest by the same bins.
    const direct = Array.from({ length: 2000 }, (_, i) => i + 1).reduce((sum, k) => {
      const p = exponential.probabilityBelow(k + 0.5) - (k === 1 ? 0 : exponential.probabilityBelow(k - 0.5));
      return sum + p / (k * k);
    }, 0);
    expect(expectationOverCounts(exponential, (k) => 1 / (k * k))).toBeCloseTo(direct, 12);
  });
});

describe('speedup laws: E[T(1)]', () => {
  const wk = (mu: unknown) => speedupSpecSchema.parse({ kind: 'sevcik', mu });
  // Anastasiadis & Sevcik Table 3: E[W] = 13.76, p_max ∈ {4, 16, 64}: E[T(1)] = 14.06, 16.06, 19.06, 16.40.
  const work = createDistribution({ kind: 'exponential', mean: 13.7625 });
  const pmax = createDistribution({ kind: 'empirical', values: [4, 16, 64] });
  it.each([
    ['WK1', 'infinity', 14.06],
    ['WK2', 0.4, 16.06],
    ['WK3', 0.2, 19.06],
    ['WK4', ['infinity', 0.4, 0.2], 16.4],
  ])('Sevcik %s (μ = %j): %f, as seed 004 Table 3', (_, mu, expected) => {
    // As in the sevcik-94 model's test: the formulas give 14.068, 16.245, 19.085, 16.466; WK2 (and
    // so WK4) is 1.15 % above the paper's figure, which states E[α] = 2.0 where α averages 2.18.
    const mean = speedupLaw(wk(mu), work, pmax).meanSequentialTime;
    expect(Math.abs(mean - expected) / expected).toBeLessThan(0.012);
  });

  it('E[W] for linear, Amdahl and Downey; φE[W] + E[α] + E[β] for Sevcik coefficients', () => {
    const w = createDistribution({ kind: 'uniform', min: 100, max: 300 });
    for (const spec of [
      { kind: 'linear' },
      { kind: 'amdahl', serialFraction: { kind: 'uniform', min: 0, max: 0.3 } },
      { kind: 'downey', A: 12, sigma: 1.5 },
    ] as const)
      expect(speedupLaw(speedupSpecSchema.parse(spec), w, pmax).meanSequentialTime).toBe(200);
    const sevcik = speedupSpecSchema.parse({
      kind: 'sevcik',
      phi: 1.5,
      alpha: { kind: 'exponential', mean: 20 },
      beta: 2,
    });
    expect(speedupLaw(sevcik, w, pmax).meanSequentialTime).toBe(1.5 * 200 + 20 + 2);
  });

  it('the μ form derives α and β from the job’s p_max', () => {
    const draw = speedupLaw(wk(0.4), work, pmax).drawer(new RandomStreams(1));
    const { curve, traits } = draw(1000, 4);
    expect(traits.beta).toBeCloseTo(1000 / 16, 12);
    expect(traits.alpha).toBeCloseTo(1000 * (1 / 16) ** 0.4, 9);
    expect(curve.executionTime(4)).toBeCloseTo(250 + traits.alpha! + 250, 9);
    expect(curve.preferredSize(1, 64)).toBe(4); // φ = 1: p* = √(W/β) = p_max (eq. 6)
  });
});
