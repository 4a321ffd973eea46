import { ConfigError, type Job, OptionsError } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDistribution, type DistributionSpec } from '../distributions/spec.ts';
import { syntheticWorkload } from './generate.ts';
import { jobSize, meanJobSize } from './sizes.ts';
import type { SyntheticSpecInput } from './spec.ts';

const base: SyntheticSpecInput = {
  kind: 'synthetic',
  jobs: 2000,
  processors: 64,
  load: 0.7,
  sizes: { kind: 'log-uniform', min: 1, max: 64 },
  runtimes: { kind: 'hyper-exponential', mean: 600, cv: 2 },
};

const jobsOf = (spec: SyntheticSpecInput, seed: number | string = 1, processors?: number): Job[] => [
  ...syntheticWorkload(spec, { seed, processors }).jobs,
];

describe('synthetic workload', () => {
  it('same seed ⇒ identical jobs; another seed ⇒ different jobs', () => {
    expect(jobsOf(base, 42)).toEqual(jobsOf(base, 42));
    expect(jobsOf(base, 42)).not.toEqual(jobsOf(base, 43));
  });

  it('every iteration replays the same jobs', () => {
    const w = syntheticWorkload(base, { seed: 9 });
    expect([...w.jobs]).toEqual([...w.jobs]);
  });

  it('streams are independent: a new size distribution moves neither arrivals nor runtimes', () => {
    // Same mean size (16.5), so the arrival rate (and thus every submit time) is unchanged.
    const before = jobsOf({ ...base, sizes: { kind: 'empirical', values: [1, 32] } }, 5);
    const after = jobsOf({ ...base, sizes: { kind: 'empirical', values: [8, 25] } }, 5);
    expect(after.map((j) => j.submit)).toEqual(before.map((j) => j.submit));
    expect(after.map((j) => j.runtime)).toEqual(before.map((j) => j.runtime));
    expect(after.map((j) => j.size)).not.toEqual(before.map((j) => j.size));
  });

  it('a size distribution with another mean rescales arrival times, draw for draw', () => {
    const a = syntheticWorkload(base, { seed: 5 });
    const b = syntheticWorkload({ ...base, sizes: { kind: 'exponential', mean: 4 } }, { seed: 5 });
    const ratio = a.arrivalRate / b.arrivalRate;
    expect(ratio).not.toBeCloseTo(1, 2);
    const bJobs = [...b.jobs];
    [...a.jobs].forEach((job, i) => {
      expect(Math.abs(bJobs[i]!.submit / job.submit - ratio)).toBeLessThan(1e-9);
      expect(bJobs[i]!.runtime).toBe(job.runtime);
    });
  });

  it('streams are independent: estimate factors move nothing else', () => {
    const exact = jobsOf(base, 5);
    const noisy = jobsOf({ ...base, estimates: { kind: 'uniform', min: 1, max: 5 } }, 5);
    expect(noisy.map(({ estimate: _, ...rest }) => rest)).toEqual(
      exact.map(({ estimate: _, ...rest }) => rest),
    );
    expect(exact.every((j) => j.estimate === j.runtime)).toBe(true);
    expect(noisy.every((j) => j.estimate >= j.runtime && j.estimate <= 5 * j.runtime)).toBe(true);
    expect(noisy.some((j) => j.estimate > 1.5 * j.runtime)).toBe(true);
  });

  it('sizes are integers in [1, P]; ids count up; submits do not decrease', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer(), (processors, seed) => {
        const jobs = jobsOf(
          { ...base, jobs: 300, sizes: { kind: 'uniform', min: -20, max: 400 } },
          seed,
          processors,
        );
        jobs.forEach((j, i) => {
          expect(Number.isInteger(j.size) && j.size >= 1 && j.size <= processors).toBe(true);
          expect(j.id).toBe(i + 1);
          if (i > 0) expect(j.submit).toBeGreaterThanOrEqual(jobs[i - 1]!.submit);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('offers the target load: Σ size·runtime / (P · span) ≈ ρ on a long stream', () => {
    for (const load of [0.5, 0.9]) {
      const spec = { ...base, jobs: 200_000, load, runtimes: { kind: 'exponential', mean: 300 } } as const;
      const w = syntheticWorkload(spec, { seed: 3 });
      let work = 0;
      let last = 0;
      for (const j of w.jobs) {
        work += j.size * j.runtime;
        last = j.submit;
      }
      const offered = work / (w.processors * last);
      expect(Math.abs(offered - load) / load).toBeLessThan(0.02);
      expect(w.arrivalRate).toBeCloseTo((load * 64) / (w.meanSize * 300), 12);
    }
  });

  it('the load refers to an overriding machine size', () => {
    const small = syntheticWorkload(base, { seed: 1 });
    const large = syntheticWorkload(base, { seed: 1, processors: 128 });
    expect(large.processors).toBe(128);
    expect(large.arrivalRate / small.arrivalRate).toBeCloseTo(
      (128 / 64) * (small.meanSize / large.meanSize),
      12,
    );
  });

  it('rejects runtimes that can be negative or have no positive mean, and bad specs', () => {
    expect(() =>
      syntheticWorkload({ ...base, runtimes: { kind: 'uniform', min: -1, max: 5 } }, { seed: 1 }),
    ).toThrow(ConfigError);
    expect(() =>
      syntheticWorkload({ ...base, runtimes: { kind: 'constant', value: 0 } }, { seed: 1 }),
    ).toThrow(/runtimes.*positive mean/);
    expect(() => syntheticWorkload({ ...base, load: 0 }, { seed: 1 })).toThrow(OptionsError);
    expect(() => syntheticWorkload(base, { seed: 1.5 })).toThrow(/seed = 1\.5/);
    expect(() => syntheticWorkload(base, { seed: 1, processors: 0 })).toThrow(/processors = 0/);
    expect(() => syntheticWorkload({ ...base, jobs: 1.5 }, { seed: 1 })).toThrow(/jobs = 1\.5/);
    expect(() =>
      syntheticWorkload({ ...base, sizes: { kind: 'hyper-exponential', mean: 4, cv: 0.2 } }, { seed: 1 }),
    ).toThrow(/sizes\.cv/);
  });
});

describe('job sizes from a distribution', () => {
  it('rounds to the nearest integer within [1, P]', () => {
    expect([0.2, 1.49, 1.5, 2.5, 63.6, 500, -3].map((x) => jobSize(x, 64))).toEqual([1, 1, 2, 3, 64, 64, 1]);
  });

  it('meanJobSize is exact for a discrete law', () => {
    const d = createDistribution({ kind: 'empirical', values: [0.4, 1.5, 2.5, 200] });
    expect(meanJobSize(d, 64)).toBe((1 + 2 + 3 + 64) / 4);
    expect(meanJobSize(createDistribution({ kind: 'constant', value: 3.7 }), 64)).toBe(4);
  });

  it.each<DistributionSpec>([
    { kind: 'log-uniform', min: 1, max: 128 },
    { kind: 'uniform', min: 0, max: 300 },
    { kind: 'exponential', mean: 10 },
  ])('meanJobSize agrees with sampled sizes: %j', (spec) => {
    const w = syntheticWorkload({ ...base, jobs: 200_000, processors: 128, sizes: spec }, { seed: 2 });
    let sum = 0;
    for (const j of w.jobs) sum += j.size;
    expect(Math.abs(sum / 200_000 - w.meanSize) / w.meanSize).toBeLessThan(0.01);
  });
});
