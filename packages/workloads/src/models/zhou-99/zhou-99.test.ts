import { OptionsError } from '@js/core';
import { describe, expect, it } from 'vitest';
import { coefficientOfVariationOf, fraction, mean } from '../testing/statistics.ts';
import { modelWorkload } from '../workload.ts';
import { zhou99 } from './model.ts';

// Zhou et al. §2: uniform-log sizes (1…128) and runtimes in whole 5 s slots within 1…120 (longest
// 10 min, mean about two minutes), exponential inter-arrivals, ρ = λ·p̄·t̄/P, P = 128.
const N = 200_000;

describe('zhou-99: the workload of §2', () => {
  const jobs = [...modelWorkload(zhou99, { jobs: N, seed: 9 }).jobs];

  it('runtimes are whole 5 s slots within 1…120: at most 10 minutes, mean about two minutes (±10 %)', () => {
    expect(jobs.every((j) => Number.isInteger(j.runtime / 5) && j.runtime >= 5 && j.runtime <= 600)).toBe(
      true,
    );
    expect(Math.max(...jobs.map((j) => j.runtime))).toBe(600);
    expect(Math.abs(mean(jobs.map((j) => j.runtime)) / 120 - 1)).toBeLessThan(0.1);
  });

  it('runtimes are uniform in log space: P(≤ 12 slots, the small class) = ln 12.5 / ln 120 (±0.005)', () => {
    expect(Math.abs(fraction(jobs, (j) => j.runtime <= 60) - Math.log(12.5) / Math.log(120))).toBeLessThan(
      0.005,
    );
    expect(Math.abs(fraction(jobs, (j) => j.runtime <= 300) - Math.log(60.5) / Math.log(120))).toBeLessThan(
      0.005,
    );
  });

  it('sizes are uniform in log space on 1…128: P(size ≤ n) = ln(n + ½) / ln 128 (±0.005)', () => {
    for (const n of [1, 4, 8, 32, 100])
      expect(Math.abs(fraction(jobs, (j) => j.size <= n) - Math.log(n + 0.5) / Math.log(128))).toBeLessThan(
        0.005,
      );
    expect(Math.max(...jobs.map((j) => j.size))).toBe(128);
  });

  it('inter-arrival times are exponential (CV 1 ± 0.02)', () => {
    const gaps = jobs.map((j, i) => j.submit - (i === 0 ? 0 : jobs[i - 1]!.submit));
    expect(Math.abs(coefficientOfVariationOf(gaps) - 1)).toBeLessThan(0.02);
  });

  it.each([0.2, 0.5, 0.7, 0.9])('load ρ = %f: the sample’s λ·p̄·t̄/P comes out at ρ (±2 %)', (load) => {
    const sample = [...modelWorkload(zhou99, { options: { load }, jobs: N, seed: 2 }).jobs];
    const lambda = N / sample.at(-1)!.submit;
    const rho = (lambda * mean(sample.map((j) => j.size)) * mean(sample.map((j) => j.runtime))) / 128;
    expect(Math.abs(rho / load - 1)).toBeLessThan(0.02);
  });
});

describe('zhou-99: options', () => {
  it.each([
    [{ maxSize: 256 }, /maxSize = 256: maxSize must be ≤ processors/],
    [{ minSlots: 130 }, /minSlots = 130: minSlots must be ≤ maxSlots/],
    [{ load: -0.5 }, /load = -0.5/],
  ])('%j is rejected', (options, message) => {
    expect(() => modelWorkload(zhou99, { options })).toThrow(OptionsError);
    expect(() => modelWorkload(zhou99, { options })).toThrow(message);
  });
});

describe('zhou-99: power-of-two sizes (a sensitivity check, not the paper’s workload)', () => {
  const options = { powerOfTwoSizes: true, load: 0.9 };
  const jobs = [...modelWorkload(zhou99, { options, jobs: N, seed: 4 }).jobs];

  it('rounds each uniform-log size to the nearest power of two in log space: 1 and 128 take half shares', () => {
    expect(jobs.every((j) => Number.isInteger(Math.log2(j.size)))).toBe(true);
    for (const [size, share] of [
      [1, 0.5 / 7],
      [16, 1 / 7],
      [128, 0.5 / 7],
    ] as const)
      expect(Math.abs(fraction(jobs, (j) => j.size === size) - share)).toBeLessThan(0.005);
  });

  it('keeps ρ = λ·p̄·t̄/P with the rounded sizes’ mean (±2 %)', () => {
    const lambda = N / jobs.at(-1)!.submit;
    const rho = (lambda * mean(jobs.map((j) => j.size)) * mean(jobs.map((j) => j.runtime))) / 128;
    expect(Math.abs(rho / 0.9 - 1)).toBeLessThan(0.02);
  });

  it('needs a power of two between the bounds', () => {
    expect(() =>
      modelWorkload(zhou99, { options: { powerOfTwoSizes: true, minSize: 5, maxSize: 7 } }),
    ).toThrow(/powerOfTwoSizes needs a power of two between minSize and maxSize/);
  });
});
