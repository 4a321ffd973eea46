import { type Job, OptionsError } from '@js/core';
import { describe, expect, it } from 'vitest';
import { coefficientOfVariationOf, fraction, mean, rankCorrelation } from '../testing/statistics.ts';
import { modelWorkload } from '../workload.ts';
import { feitelson96 } from './model.ts';

// PWA m_feitelson96 (MODELS.md): sizes harmonic of order 1.5, hand-tailored to emphasise small sizes
// and powers of two; runtimes with CV above 1 weakly correlated with size; repeated executions.
const N = 300_000;
const jobs: Job[] = [...modelWorkload(feitelson96, { jobs: N, seed: 12 }).jobs];
const share = (n: number): number => fraction(jobs, (j) => j.size === n);
const offeredLoad = (sample: readonly Job[]): number =>
  sample.reduce((s, j) => s + j.size * j.runtime, 0) / (128 * sample.at(-1)!.submit);

describe('feitelson96: sizes', () => {
  it('are harmonic of order 1.5 away from powers of two: P(m)/P(n) = (n/m)^1.5 (±6 %)', () => {
    for (const [m, n] of [
      [3, 5],
      [3, 7],
      [5, 12],
    ] as const)
      expect(Math.abs(share(m) / share(n) / (n / m) ** 1.5 - 1)).toBeLessThan(0.06);
  });

  it('emphasise powers of two: each 2^k is more likely than both neighbours', () => {
    for (let k = 2; k <= 6; k++) {
      const p = 2 ** k;
      expect(share(p)).toBeGreaterThan(share(p - 1));
      expect(share(p)).toBeGreaterThan(share(p + 1));
    }
  });

  it('emphasise small sizes: most jobs use at most 4 processors; all fit the machine', () => {
    expect(fraction(jobs, (j) => j.size <= 4)).toBeGreaterThan(0.6);
    expect(jobs.every((j) => j.size >= 1 && j.size <= 128)).toBe(true);
  });
});

describe('feitelson96: runtimes', () => {
  const sizes = Float64Array.from(jobs, (j) => j.size);
  const runtimes = Float64Array.from(jobs, (j) => j.runtime);

  it('have a coefficient of variation above 1 (clearly: > 1.5)', () => {
    expect(coefficientOfVariationOf(runtimes)).toBeGreaterThan(1.5);
  });

  it('are weakly and positively correlated with size (rank correlation in (0.02, 0.3))', () => {
    const rho = rankCorrelation(sizes, runtimes);
    expect(rho).toBeGreaterThan(0.02);
    expect(rho).toBeLessThan(0.3);
    const wide = jobs.filter((j) => j.size >= 32).map((j) => j.runtime);
    const serial = jobs.filter((j) => j.size === 1).map((j) => j.runtime);
    expect(mean(wide)).toBeGreaterThan(mean(serial));
  });

  it('carry the offered load λ·E[size·runtime]/P (±4 %: the sample load’s standard error is 1.1 %)', () => {
    expect(Math.abs(offeredLoad(jobs) / 0.7 - 1)).toBeLessThan(0.04);
  });
});

describe('feitelson96: repeated executions', () => {
  const repeated = [
    ...modelWorkload(feitelson96, { options: { repeats: true, thinkTime: 30 }, jobs: N, seed: 12 }).jobs,
  ];
  const byId = new Map(repeated.map((j) => [j.id, j]));
  const runs = repeated.filter((j) => j.traits?.precedingJob !== undefined);

  it('repeat the same job after the previous run would end plus a think time, in submit order', () => {
    expect(runs.length / N).toBeGreaterThan(0.3);
    for (const r of runs.slice(0, 5000)) {
      const previous = byId.get(r.traits!.precedingJob!)!;
      expect(previous.id).toBeLessThan(r.id);
      expect(r.size).toBe(previous.size);
      expect(r.runtime).toBe(previous.runtime);
      expect(r.submit).toBeCloseTo(previous.submit + previous.runtime + r.traits!.thinkTime!, 6);
    }
    expect(repeated.every((j, i) => i === 0 || j.submit >= repeated[i - 1]!.submit)).toBe(true);
  });

  it('keep the offered load counting every submission (±7 %: repeats double the standard error, 2.1 %)', () => {
    expect(Math.abs(offeredLoad(repeated) / 0.7 - 1)).toBeLessThan(0.07);
  });
});

describe('feitelson96: options', () => {
  it.each([
    [{ runtimeCv: 0.5 }, /runtimeCv = 0\.5: .*CV ≥ 1/],
    [{ sizeOrder: 0 }, /sizeOrder = 0/],
    [{ maxRepeats: 0 }, /maxRepeats = 0/],
  ])('%j is rejected', (options, message) => {
    expect(() => modelWorkload(feitelson96, { options })).toThrow(OptionsError);
    expect(() => modelWorkload(feitelson96, { options })).toThrow(message);
  });
});
