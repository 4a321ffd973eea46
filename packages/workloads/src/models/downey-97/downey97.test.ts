import { OptionsError } from '@js/core';
import { describe, expect, it } from 'vitest';
import { largestCdfGap, mean } from '../testing/statistics.ts';
import { modelWorkload } from '../workload.ts';
import { downey97 } from './model.ts';
import { downeyExecutionTime, downeyMaxUsefulSize, downeySpeedup } from './speedup.ts';

describe("Downey's speedup function (MODELS.md §Downey 1997)", () => {
  it('matches hand-computed values in each of its regimes', () => {
    // σ ≤ 1: A·n/(A + σ(n−1)/2) up to A, A·n/(σ(A−½) + n(1−σ/2)) up to 2A−1, A beyond.
    expect(downeySpeedup(5, 10, 0.5)).toBeCloseTo(50 / 11, 12);
    expect(downeySpeedup(15, 10, 0.5)).toBeCloseTo(150 / 16, 12);
    expect(downeySpeedup(25, 10, 0.5)).toBe(10);
    // σ > 1: n·A(σ+1)/(σ(n+A−1) + A) up to A + Aσ − σ, A beyond.
    expect(downeySpeedup(5, 10, 2)).toBeCloseTo(150 / 38, 12);
    expect(downeySpeedup(30, 10, 2)).toBe(10);
    expect(downeySpeedup(1, 10, 0.5)).toBe(1);
    expect(downeySpeedup(1, 7.3, 1.7)).toBe(1);
    // σ = 0 is perfect speedup up to A.
    expect(downeySpeedup(8, 10, 0)).toBe(8);
  });

  it('is continuous at the regime boundaries n = A, 2A − 1 and A + Aσ − σ', () => {
    const A = 12.5;
    for (const sigma of [0.3, 1]) {
      expect(downeySpeedup(A, A, sigma)).toBeCloseTo((A * A) / (sigma * (A - 0.5) + A * (1 - sigma / 2)), 10);
      expect(downeySpeedup(2 * A - 1, A, sigma)).toBeCloseTo(A, 10);
    }
    expect(downeySpeedup(A + A * 1.6 - 1.6, A, 1.6)).toBeCloseTo(A, 10);
  });

  it('largest useful size ⌈2A − 1⌉ (σ ≤ 1) or ⌈A + Aσ − σ⌉ (σ > 1); time max(1, ⌈L/S⌉)', () => {
    expect(downeyMaxUsefulSize(10, 0.5)).toBe(19);
    expect(downeyMaxUsefulSize(10, 2)).toBe(28);
    expect(downeyExecutionTime(1000, 5, 10, 0.5)).toBe(220);
    expect(downeyExecutionTime(0.2, 1, 10, 0.5)).toBe(1);
  });
});

describe('downey97: the model', () => {
  const N = 200_000;
  const w = modelWorkload(downey97, { jobs: N, seed: 6 });
  const jobs = [...w.jobs];

  it('average parallelism is log-uniform on [1, P]: P(A < n) = ln n / ln 128 (sup gap < 0.005)', () => {
    const A = jobs.map((j) => j.traits!.parallelism!);
    expect(largestCdfGap(A, (n) => Math.log(n) / Math.log(128), [1.5, 2, 4, 10, 32, 64, 100])).toBeLessThan(
      0.005,
    );
  });

  it('total work is log-uniform: P(L < t) ∝ log t (sup gap < 0.005)', () => {
    const L = jobs.map((j) => j.traits!.work!);
    const cdf = (t: number): number => Math.log(t / 60) / Math.log(1e6 / 60);
    expect(largestCdfGap(L, cdf, [100, 1000, 1e4, 1e5, 5e5])).toBeLessThan(0.005);
  });

  it('σ is uniform on [0, 2]', () => {
    const sigma = jobs.map((j) => j.traits!.sigma!);
    expect(largestCdfGap(sigma, (s) => s / 2, [0.25, 0.5, 1, 1.5, 1.9])).toBeLessThan(0.005);
  });

  it('jobs are moldable: minSize 1, size ⌊A⌉, maxSize the largest useful size, T(p) = Downey', () => {
    for (const j of jobs.slice(0, 2000)) {
      const {
        parallelism: A,
        sigma,
        work,
      } = j.traits as { parallelism: number; sigma: number; work: number };
      expect(j.minSize).toBe(1);
      expect(j.size).toBe(Math.min(128, Math.max(1, Math.round(A))));
      expect(j.maxSize).toBe(Math.max(j.size, downeyMaxUsefulSize(A, sigma)));
      expect(j.executionTime!(3)).toBe(downeyExecutionTime(work, 3, A, sigma));
      expect(j.runtime).toBe(j.executionTime!(j.size));
    }
  });

  it('offered load λ·E[L]/P: the sample’s total work per second over P is the load (±3 %)', () => {
    const meanWork = (1e6 - 60) / Math.log(1e6 / 60);
    expect(w.meanInterarrival).toBeCloseTo(meanWork / (128 * 0.7), 6);
    const load = jobs.reduce((s, j) => s + j.traits!.work!, 0) / (128 * jobs.at(-1)!.submit);
    expect(Math.abs(load / 0.7 - 1)).toBeLessThan(0.03);
    expect(mean(jobs.map((j) => j.size))).toBeGreaterThan(20);
  });
});

describe('downey97: options', () => {
  it.each([
    [{ minWork: 10, maxWork: 5 }, /minWork = 10: minWork must be ≤ maxWork/],
    [{ minSigma: 3 }, /minSigma = 3/],
    [{ minParallelism: 0.5 }, /minParallelism = 0\.5/],
    [{ maxParallelism: 0 }, /maxParallelism = 0/],
  ])('%j is rejected', (options, message) => {
    expect(() => modelWorkload(downey97, { options })).toThrow(OptionsError);
    expect(() => modelWorkload(downey97, { options })).toThrow(message);
  });
});
