import { OptionsError, RandomStreams } from '@js/core';
import { describe, expect, it } from 'vitest';
import { coefficientOfVariation } from './distribution.ts';
import { createDistribution, type DistributionSpec } from './spec.ts';

const N = 400_000;

function sampleMoments(spec: DistributionSpec, seed = 7) {
  const d = createDistribution(spec);
  const stream = new RandomStreams(seed).stream('test');
  const xs = new Float64Array(N);
  let sum = 0;
  for (let i = 0; i < N; i++) sum += xs[i] = d.sample(stream);
  const mean = sum / N;
  let squares = 0;
  for (const x of xs) squares += (x - mean) ** 2;
  const variance = squares / (N - 1);
  return { d, xs, mean, variance, cv: Math.sqrt(variance) / mean };
}

/**
 * Tolerances are relative and several standard errors wide at N = 400,000 (the seed is fixed,
 * so the test is deterministic; the margins say how far any seed may be expected to stray).
 */
const cases: { spec: DistributionSpec; mean: number; cv: number; meanTol: number; cvTol: number }[] = [
  { spec: { kind: 'constant', value: 42 }, mean: 42, cv: 0, meanTol: 0, cvTol: 0 },
  {
    spec: { kind: 'uniform', min: 10, max: 30 },
    mean: 20,
    cv: 20 / Math.sqrt(12) / 20,
    meanTol: 0.005,
    cvTol: 0.01,
  },
  { spec: { kind: 'exponential', mean: 600 }, mean: 600, cv: 1, meanTol: 0.01, cvTol: 0.01 },
  { spec: { kind: 'hyper-exponential', mean: 1800, cv: 1 }, mean: 1800, cv: 1, meanTol: 0.01, cvTol: 0.01 },
  { spec: { kind: 'hyper-exponential', mean: 1800, cv: 4 }, mean: 1800, cv: 4, meanTol: 0.03, cvTol: 0.05 },
  { spec: { kind: 'hyper-exponential', mean: 50, cv: 10 }, mean: 50, cv: 10, meanTol: 0.06, cvTol: 0.12 },
  {
    spec: { kind: 'log-uniform', min: 1, max: 128 },
    mean: 127 / Math.log(128),
    cv: Math.sqrt((128 * 128 - 1) / (2 * Math.log(128)) - (127 / Math.log(128)) ** 2) / (127 / Math.log(128)),
    meanTol: 0.01,
    cvTol: 0.01,
  },
  {
    spec: { kind: 'gamma', shape: 2.5, scale: 3 },
    mean: 7.5,
    cv: 1 / Math.sqrt(2.5),
    meanTol: 0.005,
    cvTol: 0.01,
  },
  { spec: { kind: 'gamma', shape: 0.5, scale: 2 }, mean: 1, cv: Math.sqrt(2), meanTol: 0.01, cvTol: 0.015 },
  {
    spec: { kind: 'gamma', shape: 639.1, scale: 0.0156 },
    mean: 639.1 * 0.0156,
    cv: 1 / Math.sqrt(639.1),
    meanTol: 0.001,
    cvTol: 0.01,
  },
  {
    spec: { kind: 'empirical', values: [1, 2, 8, 32], weights: [4, 3, 2, 1] },
    mean: (4 + 6 + 16 + 32) / 10,
    cv: Math.sqrt((4 + 12 + 128 + 1024) / 10 - 5.8 ** 2) / 5.8,
    meanTol: 0.01,
    cvTol: 0.01,
  },
];

describe('distributions: closed-form moments and large seeded samples', () => {
  it.each(cases)('$spec.kind $spec', ({ spec, mean, cv, meanTol, cvTol }) => {
    const { d, mean: m, cv: c } = sampleMoments(spec);
    expect(d.mean).toBeCloseTo(mean, 9);
    expect(coefficientOfVariation(d)).toBeCloseTo(cv, 9);
    expect(Math.abs(m - mean)).toBeLessThanOrEqual(meanTol * mean + 1e-9);
    expect(Math.abs(c - cv)).toBeLessThanOrEqual(cvTol * cv + 1e-9);
  });

  it.each(cases.filter((c) => c.spec.kind !== 'constant'))(
    'P(X < x) matches sample frequencies: $spec.kind',
    ({ spec }) => {
      const { d, xs } = sampleMoments(spec, 11);
      const sorted = Float64Array.from(xs).sort();
      for (const q of [0.1, 0.25, 0.5, 0.75, 0.9, 0.99]) {
        const x = sorted[Math.floor(q * N)]!;
        // For a discrete law, the quantile value carries an atom: compare P(X < x) ≤ q ≤ P(X ≤ x).
        const below = d.probabilityBelow(x);
        const atOrBelow = d.probabilityBelow(x + 1e-9 * Math.max(1, x));
        expect(below).toBeLessThanOrEqual(q + 0.005);
        expect(atOrBelow).toBeGreaterThanOrEqual(q - 0.005);
      }
    },
  );

  it('draws from the stream it is given: same seed and name, same values', () => {
    const d = createDistribution({ kind: 'hyper-exponential', mean: 10, cv: 3 });
    const a = new RandomStreams(3).stream('runtimes');
    const b = new RandomStreams(3).stream('runtimes');
    const c = new RandomStreams(3).stream('sizes');
    const xs = Array.from({ length: 50 }, () => d.sample(a));
    expect(Array.from({ length: 50 }, () => d.sample(b))).toEqual(xs);
    expect(Array.from({ length: 50 }, () => d.sample(c))).not.toEqual(xs);
  });

  it('hyper-exponential always takes two draws; constant takes none', () => {
    const hyper = createDistribution({ kind: 'hyper-exponential', mean: 10, cv: 5 });
    const used = new RandomStreams(1).stream('x');
    const fresh = new RandomStreams(1).stream('x');
    for (let i = 0; i < 100; i++) hyper.sample(used);
    for (let i = 0; i < 200; i++) fresh.next();
    expect(used.next()).toBe(fresh.next());
    createDistribution({ kind: 'constant', value: 1 }).sample(used);
    expect(used.next()).toBe(fresh.next());
  });

  it('never draws a zero-weight empirical value', () => {
    const d = createDistribution({ kind: 'empirical', values: [1, 2, 3], weights: [1, 0, 1] });
    const s = new RandomStreams(5).stream('x');
    const seen = new Set(Array.from({ length: 10_000 }, () => d.sample(s)));
    expect([...seen].sort()).toEqual([1, 3]);
  });
});

describe('distribution specs are validated', () => {
  const messageOf = (spec: unknown): string => {
    try {
      createDistribution(spec as DistributionSpec);
    } catch (error) {
      expect(error).toBeInstanceOf(OptionsError);
      return (error as Error).message;
    }
    throw new Error('expected an OptionsError');
  };

  it('a hyper-exponential with CV < 1 is an error naming cv', () => {
    expect(messageOf({ kind: 'hyper-exponential', mean: 10, cv: 0.5 })).toMatch(/cv = 0\.5: .*CV ≥ 1/);
  });

  it.each([
    [{ kind: 'uniform', min: 5, max: 1 }, /max = 1: max must be ≥ min/],
    [{ kind: 'log-uniform', min: 0, max: 10 }, /min = 0/],
    [{ kind: 'exponential', mean: -3 }, /mean = -3/],
    [{ kind: 'empirical', values: [] }, /values/],
    [{ kind: 'empirical', values: [1, 2], weights: [1] }, /weights.*one entry per value/],
    [{ kind: 'empirical', values: [1, 2], weights: [0, 0] }, /weights.*positive/],
    [{ kind: 'normal', mean: 1 }, /kind = "normal".*'constant' \| 'uniform'/],
    [{ kind: 'exponential', mean: 1, rate: 2 }, /rate/],
  ])('%j', (spec, pattern) => {
    expect(messageOf(spec)).toMatch(pattern);
  });
});
