import { type Job, OptionsError } from '@js/core';
import { describe, expect, it } from 'vitest';
import { coefficientOfVariationOf, fraction, mean, quantile } from '../testing/statistics.ts';
import { modelWorkload } from '../workload.ts';
import { parsonsSevcik97 } from './model.ts';

// Parsons & Sevcik §6.1 and its footnote 7: hyper-exponential demand, mean 8000 s, CV 4, quartiles
// 1230 / 2985 / 6100 s; 75 % good speedup (114 on 128), 25 % poor (6.4 on 8, 9.3 on 128);
// minimum uniform on 1…16, maximum 16, desired uniform on [min, max]; 8 real per simulated processor.
const N = 400_000;
const jobs: Job[] = [...modelWorkload(parsonsSevcik97, { jobs: N, seed: 11 }).jobs];
const demands = Float64Array.from(jobs, (j) => j.traits!.demand!);

describe('parsons-sevcik-97: the published facts of §6.1', () => {
  // Sample quartiles at N = 400,000 have standard errors of 0.2–0.4 %; 1.5 % is 4 or more of them.
  it.each([
    [0.25, 1230],
    [0.5, 2985],
    [0.75, 6100],
  ])('demand quantile %f ≈ %i s (±1.5 %)', (q, published) => {
    expect(Math.abs(quantile(demands, q) / published - 1)).toBeLessThan(0.015);
  });

  it('demand mean ≈ 8000 s (±2.5 %, 4 standard errors) and CV ≈ 4 (±5 %)', () => {
    expect(Math.abs(mean(demands) / 8000 - 1)).toBeLessThan(0.025);
    expect(Math.abs(coefficientOfVariationOf(demands) / 4 - 1)).toBeLessThan(0.05);
  });

  it('75 % of jobs have good speedup (±0.5 %)', () => {
    expect(Math.abs(fraction(jobs, (j) => j.traits!.goodSpeedup === 1) - 0.75)).toBeLessThan(0.005);
  });

  it('good speedup is 114 on 128 real processors (16 simulated); poor is 6.4 on 8 and 9.3 on 128', () => {
    const good = jobs.find((j) => j.traits!.goodSpeedup === 1)!;
    const poor = jobs.find((j) => j.traits!.goodSpeedup === 0)!;
    const speedup = (j: Job, simulated: number): number => j.traits!.demand! / j.executionTime!(simulated);
    expect(Math.abs(speedup(good, 16) - 114)).toBeLessThan(0.5);
    expect(speedup(poor, 1)).toBeCloseTo(6.4, 9);
    expect(speedup(poor, 16)).toBeCloseTo(9.3, 9);
    // One real processor is not an allocation here, but the fit passes through T(1) = D.
    expect(poor.executionTime!(1 / 8)).toBeCloseTo(poor.traits!.demand!, 6);
  });

  it('minimum processors uniform on 1…16, maximum 16, desired uniform on [min, max]', () => {
    for (let m = 1; m <= 16; m++)
      expect(Math.abs(fraction(jobs, (j) => j.minSize === m) - 1 / 16)).toBeLessThan(0.003);
    expect(jobs.every((j) => j.maxSize === 16 && j.minSize! <= j.size && j.size <= 16)).toBe(true);
    // E[desired] = E[(min + 16)/2] = (8.5 + 16)/2 = 12.25.
    expect(Math.abs(mean(jobs.map((j) => j.size)) - 12.25)).toBeLessThan(0.05);
    // Given min = 1, desired is uniform on 1…16.
    const fromOne = jobs.filter((j) => j.minSize === 1);
    expect(Math.abs(fraction(fromOne, (j) => j.size === 16) - 1 / 16)).toBeLessThan(0.01);
  });

  it('runtime is the execution time at the desired count; allocations are multiples of 8 real processors', () => {
    for (const j of jobs.slice(0, 1000)) expect(j.runtime).toBe(j.executionTime!(j.size));
    const j = jobs.find((x) => x.traits!.goodSpeedup === 1)!;
    // Good class: Amdahl with 0.1 % sequential work on 8k real processors.
    expect(j.executionTime!(3)).toBeCloseTo(j.traits!.demand! * (0.001 + 0.999 / 24), 6);
  });

  it('Poisson arrivals at the offered load λ·E[D]/(P·8)', () => {
    const w = modelWorkload(parsonsSevcik97, { jobs: 1000, load: 0.3 });
    expect(w.meanInterarrival).toBeCloseTo(8000 / (128 * 0.3), 9);
    const span = jobs.at(-1)!.submit;
    // Default load 0.2: mean gap 312.5 s (±1.5 %: the exponential mean's standard error is 0.16 %).
    expect(Math.abs(span / N / 312.5 - 1)).toBeLessThan(0.015);
  });
});

describe("parsons-sevcik-97: conditioned on the paper's long job (§6.2)", () => {
  const sequence = (seed: number, options?: Record<string, unknown>) => [
    ...modelWorkload(parsonsSevcik97, { jobs: 300, seed, ...(options ? { options } : {}) }).jobs,
  ];

  it.each([1, 2, 3, 28])(
    'seed %i: one of the first 200 jobs becomes a 265 000 s poor-speedup job, nothing else moves',
    (seed) => {
      const plain = sequence(seed);
      const conditioned = sequence(seed, { longJob: {} });
      const changed = conditioned.flatMap((j, i) =>
        j.traits!.demand !== plain[i]!.traits!.demand ||
        j.traits!.goodSpeedup !== plain[i]!.traits!.goodSpeedup
          ? [i]
          : [],
      );
      expect(changed).toHaveLength(1);
      const i = changed[0]!;
      expect(i).toBeLessThan(200);
      const long = conditioned[i]!;
      expect(long.traits).toMatchObject({ demand: 265_000, goodSpeedup: 0 });
      // Poor speedup on its own sizes: 6.4 on 8 real processors, 9.3 on 128.
      expect(265_000 / long.executionTime!(1)).toBeCloseTo(6.4, 9);
      expect(265_000 / long.executionTime!(16)).toBeCloseTo(9.3, 9);
      expect(long.runtime).toBe(long.executionTime!(long.size));
      // Arrival and sizes as drawn, like every other job.
      for (const [k, j] of conditioned.entries()) {
        expect([j.submit, j.minSize, j.size]).toEqual([plain[k]!.submit, plain[k]!.minSize, plain[k]!.size]);
      }
      // The same seed draws the same long job on every pass.
      const facts = (js: readonly Job[]) => js.map((j) => [j.submit, j.size, j.runtime, j.traits]);
      expect(facts(sequence(seed, { longJob: {} }))).toEqual(facts(conditioned));
    },
  );

  it('draws the long job among the first `among` arrivals, and its demand as asked', () => {
    const picks = new Set<number>();
    for (let seed = 1; seed <= 20; seed++) {
      const jobs = sequence(seed, { longJob: { demand: 1e6, among: 10 } });
      const at = jobs.findIndex((j) => j.traits!.demand === 1e6);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(at).toBeLessThan(10);
      picks.add(at);
    }
    // Uniform over 10: twenty seeds land on several of them, not one fixed index.
    expect(picks.size).toBeGreaterThan(3);
  });

  /** Every job but the long one (at `at`) arrives, is sized and traited as in `drawn`. */
  const expectOthersAsDrawn = (fixed: readonly Job[], drawn: readonly Job[], at: number) => {
    for (const [k, j] of fixed.entries()) {
      if (k === at) continue;
      const d = drawn[k]!;
      expect([j.submit, j.minSize, j.size, j.traits]).toEqual([d.submit, d.minSize, d.size, d.traits]);
    }
  };

  it('on a chosen minimum: gives only the long job that minimum, its desired count raised to it, every draw else as without it', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const drawn = sequence(seed, { longJob: {} });
      const at = drawn.findIndex((j) => j.traits!.demand === 265_000);
      for (const minSize of [1, 9, 16]) {
        const fixed = sequence(seed, { longJob: { minSize } });
        const long = fixed[at]!;
        expect(long.traits!.demand).toBe(265_000);
        expect(long.minSize).toBe(minSize);
        expect(long.size).toBe(Math.max(drawn[at]!.size, minSize));
        expect(long.runtime).toBe(long.executionTime!(long.size));
        expectOthersAsDrawn(fixed, drawn, at);
      }
    }
  });

  it('on a chosen desired count: gives the long job that rigid count, lowers a drawn minimum above it, every draw else as without it', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const drawn = sequence(seed, { longJob: {} });
      const at = drawn.findIndex((j) => j.traits!.demand === 265_000);
      for (const size of [1, 9, 16]) {
        const fixed = sequence(seed, { longJob: { size } });
        const long = fixed[at]!;
        expect(long.size).toBe(size);
        expect(long.minSize).toBe(Math.min(drawn[at]!.minSize!, size));
        expect(long.runtime).toBe(long.executionTime!(size));
        expectOthersAsDrawn(fixed, drawn, at);
      }
      // With both chosen, both hold: a narrow minimum under a wide desired count.
      const both = sequence(seed, { longJob: { minSize: 1, size: 16 } })[at]!;
      expect([both.minSize, both.size]).toEqual([1, 16]);
    }
  });
});

describe('parsons-sevcik-97: invalid options', () => {
  it.each([
    [{ demandCv: 0.5 }, /demandCv = 0\.5: .*CV ≥ 1/],
    [{ load: -1 }, /load = -1/],
    [{ goodSpeedupFraction: 1.5 }, /goodSpeedupFraction = 1\.5/],
    [{ maxProcessors: 32 }, /maxProcessors = 32: maxProcessors must be ≤ processors/],
    [{ longJob: { among: 0 } }, /longJob\.among/],
    [{ longJob: { demand: -5 } }, /longJob\.demand/],
    [{ longJob: { minSize: 17 } }, /longJob\.minSize = .*≤ the maximum allocation/],
    [{ longJob: { minSize: 0 } }, /longJob\.minSize/],
    [{ longJob: { size: 17 } }, /longJob\.size = 17: .*≤ the maximum allocation/],
    [{ longJob: { minSize: 9, size: 8 } }, /longJob\.size = 8: .*≥ its minimum/],
    [
      {
        poorSpeedup: [
          { processors: 8, speedup: 6.4 },
          { processors: 8, speedup: 9.3 },
        ],
      },
      /poorSpeedup/,
    ],
  ])('%j', (options, message) => {
    expect(() => modelWorkload(parsonsSevcik97, { options })).toThrow(OptionsError);
    expect(() => modelWorkload(parsonsSevcik97, { options })).toThrow(message);
  });
});
