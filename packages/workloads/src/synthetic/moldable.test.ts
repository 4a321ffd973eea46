import type { Job } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sevcik94 } from '../models/sevcik-94/model.ts';
import { modelWorkload } from '../models/workload.ts';
import { syntheticWorkload } from './generate.ts';
import type { SyntheticSpecInput } from './spec.ts';

const base = {
  kind: 'synthetic',
  jobs: 2000,
  processors: 64,
  load: 0.7,
  work: { kind: 'exponential', mean: 3600 },
} as const;

/** One spec per speedup kind, with a processor range drawn per job. */
const specs: Record<string, SyntheticSpecInput> = {
  linear: { ...base, speedup: { kind: 'linear' }, maxParallelism: { kind: 'log-uniform', min: 1, max: 64 } },
  amdahl: {
    ...base,
    speedup: { kind: 'amdahl', serialFraction: { kind: 'uniform', min: 0, max: 0.2 } },
    minParallelism: { kind: 'empirical', values: [1, 2, 4] },
    maxParallelism: { kind: 'empirical', values: [8, 32, 128] },
  },
  sevcik: {
    ...base,
    speedup: { kind: 'sevcik', alpha: { kind: 'exponential', mean: 60 }, beta: 5 },
    maxParallelism: 48,
  },
  'sevcik (μ)': {
    ...base,
    speedup: { kind: 'sevcik', mu: ['infinity', 0.4, 0.2] },
    maxParallelism: { kind: 'empirical', values: [4, 16, 64] },
  },
  downey: {
    ...base,
    speedup: {
      kind: 'downey',
      A: { kind: 'log-uniform', min: 1, max: 64 },
      sigma: { kind: 'uniform', min: 0, max: 2 },
    },
  },
};

const jobsOf = (spec: SyntheticSpecInput, seed: number | string = 1, processors?: number): Job[] => [
  ...syntheticWorkload(spec, { seed, processors }).jobs,
];

/** What can be compared with toEqual: the record without its function, and T at a few counts. */
const comparable = (jobs: readonly Job[]) =>
  jobs.map(({ executionTime, ...rest }) => ({ ...rest, t: [1, 2, 3, 8, 64].map((p) => executionTime!(p)) }));

describe.each(Object.entries(specs))('moldable synthetic jobs: %s', (_, spec) => {
  it('minSize ≤ size ≤ min(maxSize, P), all integers; runtime = T(size); no count beats size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 200 }), fc.integer(), (processors, seed) => {
        for (const j of jobsOf({ ...spec, jobs: 60 }, seed, processors)) {
          const { minSize = 0, maxSize = 0, size } = j;
          expect([minSize, size, maxSize].every(Number.isInteger)).toBe(true);
          expect(1 <= minSize && minSize <= size && size <= Math.min(maxSize, processors)).toBe(true);
          expect(j.runtime).toBe(j.executionTime!(size));
          expect(j.estimate).toBe(j.runtime);
          for (let p = minSize; p <= Math.min(maxSize, processors); p++)
            expect(j.executionTime!(p)).toBeGreaterThanOrEqual(j.runtime * (1 - 1e-12));
        }
      }),
      { numRuns: 15 },
    );
  });

  it('same seed ⇒ the same jobs; another seed ⇒ others', () => {
    const jobs = comparable(jobsOf(spec, 42));
    expect(comparable(jobsOf(spec, 42))).toEqual(jobs);
    expect(comparable(jobsOf(spec, 43))).not.toEqual(jobs);
    const w = syntheticWorkload(spec, { seed: 9 });
    expect(comparable([...w.jobs])).toEqual(comparable([...w.jobs]));
  });

  it('offers the target load: Σ T(1) / (P · span) ≈ ρ over many jobs', () => {
    for (const load of [0.5, 0.9]) {
      const w = syntheticWorkload({ ...spec, jobs: 100_000, load }, { seed: 3 });
      let demand = 0;
      let last = 0;
      for (const j of w.jobs) {
        demand += j.executionTime!(1);
        last = j.submit;
      }
      expect(Math.abs(demand / (w.processors * last) - load) / load).toBeLessThan(0.03);
      expect(w.arrivalRate).toBeCloseTo((load * 64) / w.meanWork, 12);
    }
  });
});

describe('moldable synthetic jobs: how they are drawn', () => {
  it('a new speedup law moves no submit, work or processor range', () => {
    const a = jobsOf({ ...base, speedup: { kind: 'amdahl', serialFraction: 0.1 } }, 5);
    const b = jobsOf(
      { ...base, speedup: { kind: 'amdahl', serialFraction: { kind: 'uniform', min: 0, max: 1 } } },
      5,
    );
    const fixed = (jobs: Job[]) => jobs.map((j) => [j.submit, j.traits!.work, j.minSize, j.maxSize]);
    expect(fixed(b)).toEqual(fixed(a));
    expect(b.map((j) => j.traits!.serialFraction)).not.toEqual(a.map((j) => j.traits!.serialFraction));
  });

  it('T(1) = W for linear, Amdahl and Downey; φW + α + β for Sevcik', () => {
    for (const kind of ['linear', 'amdahl', 'downey']) {
      for (const j of jobsOf({ ...specs[kind]!, jobs: 200 }))
        expect(j.executionTime!(1)).toBeCloseTo(j.traits!.work!, 6);
    }
    for (const j of jobsOf({ ...specs.sevcik!, jobs: 200 })) {
      const { work = 0, phi = 0, alpha = 0, beta = 0 } = j.traits!;
      expect(j.executionTime!(1)).toBeCloseTo(phi * work + alpha + beta, 6);
    }
  });

  it('the μ form gives the jobs of the sevcik-94 model: size = min(p_max, P), maxSize = p_max', () => {
    const spec: SyntheticSpecInput = {
      ...base,
      processors: 32,
      speedup: { kind: 'sevcik', mu: 0.4 },
      maxParallelism: { kind: 'empirical', values: [4, 16, 64] },
    };
    for (const j of jobsOf(spec)) {
      expect(j.size).toBe(Math.min(j.maxSize!, 32));
      expect(j.minSize).toBe(1);
      expect(j.traits!.beta).toBeCloseTo(j.traits!.work! / j.maxSize! ** 2, 9);
    }
    // Same law of T(1) as the model's WK2 at the same work: the same arrival rate.
    const model = modelWorkload(sevcik94, {
      options: { workload: 'WK2' },
      jobs: 10,
      load: 0.7,
      processors: 32,
      seed: 1,
    });
    const synthetic = syntheticWorkload(
      { ...spec, work: { kind: 'exponential', mean: 13.7625 * 1000 } },
      { seed: 1 },
    );
    expect(synthetic.meanWork).toBeCloseTo(model.meanInterarrival * 32 * 0.7, 6);
  });

  it('Downey jobs prefer the count where S reaches A', () => {
    const spec = { ...base, speedup: { kind: 'downey', A: 10, sigma: 0.5 } } as const;
    expect(jobsOf(spec).every((j) => j.size === 19 && j.maxSize === 64)).toBe(true);
    expect(jobsOf({ ...spec, maxParallelism: 12 }).every((j) => j.size === 12)).toBe(true);
  });

  it('a larger machine for the run is checked again: the minimum may then exceed the maximum', () => {
    const spec = {
      ...base,
      processors: 8,
      speedup: { kind: 'linear' },
      minParallelism: { kind: 'uniform', min: 1, max: 20 },
      maxParallelism: 10,
    } as const;
    expect(jobsOf(spec, 1).every((j) => j.minSize! <= 8)).toBe(true);
    expect(() => jobsOf(spec, 1, 64)).toThrow(/on 64 processors.*minParallelism.*can be 20.*can be 10/);
  });
});
