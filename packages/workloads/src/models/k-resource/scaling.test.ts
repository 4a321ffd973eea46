import { type Job, OptionsError } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestCdfGap, mean } from '../testing/statistics.ts';
import { modelWorkload } from '../workload.ts';

// Leinberger, Karypis & Kumar §3.1: "a set of K random numbers was drawn from a uniform random
// variable and then scaled with the job size". Option `scaling` says how (see model.ts).
const N = 60_000;
type Law = 'uniform' | 'exponential';
type Scaling = 'independent' | 'largest' | 'mean';

const jobsOf = (options: Record<string, unknown>, jobs: number, seed: number): Job[] => [
  ...modelWorkload('k-resource', { options, jobs, seed }).jobs,
];

/** Each job's requirements over its processor share (capacity = P, so the share is its size). */
const vectors = (k: number, distribution: Law, scaling: Scaling): number[][] =>
  jobsOf({ k, distribution, scaling }, N, 7).map((j) => Object.values(j.resources!).map((r) => r / j.size));

/** The K − 1 requirements below the largest, as fractions of it. */
const fractionsOfLargest = (v: readonly number[][]): number[] =>
  v.flatMap((x) => {
    const largest = Math.max(...x);
    return [...x]
      .sort((a, b) => a - b)
      .slice(0, -1)
      .map((r) => r / largest);
  });

describe("k-resource scaling 'largest': the K numbers over their largest, times the job's share", () => {
  it.each<[number, Law]>([
    [2, 'uniform'],
    [8, 'uniform'],
    [2, 'exponential'],
    [8, 'exponential'],
  ])('K = %i, %s: every job’s largest requirement is its processor share, none above', (k, law) => {
    for (const x of vectors(k, law, 'largest').slice(0, 5_000)) {
      expect(Math.max(...x)).toBeCloseTo(1, 12);
      for (const r of x) expect(r).toBeGreaterThanOrEqual(0);
    }
  });

  it('uniform: the other requirements are uniform fractions of the largest (any K)', () => {
    for (const k of [2, 8]) {
      const f = fractionsOfLargest(vectors(k, 'uniform', 'largest'));
      expect(Math.abs(mean(f) - 0.5)).toBeLessThan(0.006);
      expect(largestCdfGap(f, (t) => t, [0.1, 0.25, 0.5, 0.75, 0.9])).toBeLessThan(0.008);
    }
  });

  it('exponential, K = 2: the smaller over the larger has CDF 2t / (1 + t), mostly small (§3.3.2)', () => {
    const f = fractionsOfLargest(vectors(2, 'exponential', 'largest'));
    expect(largestCdfGap(f, (t) => (2 * t) / (1 + t), [0.1, 0.25, 0.5, 0.75, 0.9])).toBeLessThan(0.008);
    // E = 2 ln 2 − 1 ≈ 0.386, below uniform's 0.5: "more of the K_i s being large" with uniform.
    expect(Math.abs(mean(f) - (2 * Math.LN2 - 1))).toBeLessThan(0.006);
  });

  it('exponential fractions shrink with K (K = 8: about 0.31), uniform ones stay at 0.5', () => {
    const at8 = mean(fractionsOfLargest(vectors(8, 'exponential', 'largest')));
    expect(at8).toBeGreaterThan(0.29);
    expect(at8).toBeLessThan(0.33);
  });

  it('the same draws as independent: each job’s vector is its independent vector over its largest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer(), (k, seed) => {
        // Uniform draws below 2m = 1 are never clamped, so the two vectors are exactly proportional.
        const plain = jobsOf({ k, distribution: 'uniform' }, 200, seed);
        const largest = jobsOf({ k, distribution: 'uniform', scaling: 'largest' }, 200, seed);
        plain.forEach((j, i) => {
          const a = Object.values(j.resources!);
          const b = Object.values(largest[i]!.resources!);
          const top = Math.max(...a);
          b.forEach((r, d) => expect(r).toBeCloseTo(top > 0 ? (a[d]! / top) * j.size : 0, 9));
          expect({ ...largest[i], resources: undefined }).toEqual({ ...j, resources: undefined });
        });
      }),
      { numRuns: 30 },
    );
  });
});

describe("k-resource scaling 'mean': the K numbers over their mean, times m × the job's share", () => {
  it('every job’s average requirement is m × its share (m = meanFactor)', () => {
    for (const [law, meanFactor] of [
      ['uniform', 0.5],
      ['exponential', 0.25],
    ] as const) {
      const jobs = jobsOf({ k: 4, distribution: law, scaling: 'mean', meanFactor }, 3_000, 3);
      for (const j of jobs) {
        const r = Object.values(j.resources!);
        // Exponential vectors may be clamped at capacity (a share above 1): those are not checked.
        if (r.some((x) => x >= 128)) continue;
        expect(mean(r) / j.size).toBeCloseTo(meanFactor, 12);
      }
    }
  });

  it('exponential, K = 2: r₁ / (2m × share) is uniform on [0, 1) (an exponential pair over its sum)', () => {
    const f = vectors(2, 'exponential', 'mean').map((x) => x[0]!);
    expect(largestCdfGap(f, (t) => t, [0.1, 0.25, 0.5, 0.75, 0.9])).toBeLessThan(0.008);
  });

  it('uniform, K = 2: r₁ / (2m × share) = U₁ / (U₁ + U₂), concentrated at 1/2', () => {
    const f = vectors(2, 'uniform', 'mean').map((x) => x[0]!);
    const cdf = (t: number) => (t <= 0.5 ? t / (2 * (1 - t)) : 1 - (1 - t) / (2 * t));
    expect(largestCdfGap(f, cdf, [0.1, 0.25, 0.5, 0.75, 0.9])).toBeLessThan(0.008);
  });
});

describe('k-resource scaling: determinism and defaults', () => {
  it.each<Scaling>(['largest', 'mean'])(
    '%s: the same seed gives the same jobs, another seed others',
    (scaling) => {
      const a = jobsOf({ k: 4, distribution: 'exponential', scaling }, 300, 11);
      expect(jobsOf({ k: 4, distribution: 'exponential', scaling }, 300, 11)).toEqual(a);
      expect(jobsOf({ k: 4, distribution: 'exponential', scaling }, 300, 12)).not.toEqual(a);
    },
  );

  it('the default is independent (the model as it was), and largest changes the vectors', () => {
    const plain = jobsOf({ k: 4, distribution: 'exponential' }, 500, 5);
    expect(jobsOf({ k: 4, distribution: 'exponential', scaling: 'independent' }, 500, 5)).toEqual(plain);
    expect(jobsOf({ k: 4, distribution: 'exponential', scaling: 'largest' }, 500, 5)).not.toEqual(plain);
  });
});

describe('k-resource scaling: invalid options', () => {
  it.each([
    [{ scaling: 'max' }, /scaling = "max"/],
    [{ scaling: 'largest', meanFactor: 0.5 }, /meanFactor.*no effect with scaling 'largest'/],
    [{ scaling: 'mean', meanFactor: 0 }, /meanFactor = 0/],
  ])('%j is rejected with an OptionsError naming the option', (options, message) => {
    expect(() => modelWorkload('k-resource', { options })).toThrow(OptionsError);
    expect(() => modelWorkload('k-resource', { options })).toThrow(message);
  });
});
