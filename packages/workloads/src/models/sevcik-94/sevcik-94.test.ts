import { type Job, OptionsError } from '@js/core';
import { describe, expect, it } from 'vitest';
import { coefficientOfVariationOf, fraction, largestCdfGap, mean } from '../testing/statistics.ts';
import { modelWorkload } from '../workload.ts';
import { sevcik94 } from './model.ts';

// Anastasiadis & Sevcik §5.2–5.3, Table 3 (work in thousands of seconds).
const published = {
  WK1: { meanT1: 14.06, meanAlpha: 0.0, mu: [Number.POSITIVE_INFINITY] },
  WK2: { meanT1: 16.06, meanAlpha: 2.0, mu: [0.4] },
  WK3: { meanT1: 19.06, meanAlpha: 5.0, mu: [0.2] },
  WK4: { meanT1: 16.4, meanAlpha: 2.34, mu: [Number.POSITIVE_INFINITY, 0.4, 0.2] },
} as const;
const workloads = Object.keys(published) as (keyof typeof published)[];

/** E[T(1)]/E[W] = φ + E[c] + E[c^μ], c = 1/p_max², from the paper's formulas alone. */
function paperRatio(mus: readonly number[]): number {
  let r = 1;
  for (const p of [4, 16, 64]) {
    const c = 1 / (p * p);
    r += c / 3;
    for (const mu of mus) r += (mu === Number.POSITIVE_INFINITY ? 0 : c ** mu) / (3 * mus.length);
  }
  return r;
}
const paperMeanW = 0.125 * 101 + 0.875 * 1.3; // 13.7625

/**
 * Tolerances against the published E[T(1)]: the paper's formulas give 14.068, 16.245, 19.085 and
 * 16.466. WK2 is 1.15 % above its 16.06 because the paper states E[α] = 2.0 where α = W·(1/p_max²)^0.4
 * averages 2.18 (and WK4's 2.34 follows from that 2.0); the others agree within 0.4 %.
 */
const tolerance = { WK1: 0.002, WK2: 0.015, WK3: 0.002, WK4: 0.005 } as const;

const N = 300_000;
const samples = Object.fromEntries(
  workloads.map((wk) => [
    wk,
    [...modelWorkload(sevcik94, { options: { workload: wk }, jobs: N, seed: 5 }).jobs],
  ]),
) as Record<keyof typeof published, Job[]>;
const thousands = (x: number): number => x / 1000;

describe('sevcik-94: the published E[T(1)] of WK1–WK4 (Table 3)', () => {
  it.each(workloads)('%s: the paper’s formulas give its E[T(1)] within the stated tolerance', (wk) => {
    const formula = paperMeanW * paperRatio(published[wk].mu);
    expect(Math.abs(formula / published[wk].meanT1 - 1)).toBeLessThan(tolerance[wk]);
  });

  it.each(workloads)('%s: sampled E[T(1)/W] matches the published E[T(1)]/E[W]', (wk) => {
    // T(1)/W depends only on p_max and μ, so its sample mean has almost no noise (±0.3 % here).
    const ratio = mean(samples[wk].map((j) => j.executionTime!(1) / j.traits!.work!));
    expect(Math.abs(ratio / (published[wk].meanT1 / 13.76) - 1)).toBeLessThan(tolerance[wk] + 0.003);
  });

  it.each(workloads)(
    '%s: sampled E[T(1)] ≈ published (±(tolerance + 2.5 %), 2.5 % ≈ 4 standard errors)',
    (wk) => {
      const t1 = mean(samples[wk].map((j) => thousands(j.executionTime!(1))));
      expect(Math.abs(t1 / published[wk].meanT1 - 1)).toBeLessThan(tolerance[wk] + 0.025);
    },
  );
});

describe('sevcik-94: essential work, p_max, α and β (§5.2)', () => {
  const work = Float64Array.from(samples.WK4, (j) => thousands(j.traits!.work!));

  it('E[W] ≈ 13.76 (±2 %) and CV ≈ 3.5 (±3 %)', () => {
    expect(Math.abs(mean(work) / 13.76 - 1)).toBeLessThan(0.02);
    expect(Math.abs(coefficientOfVariationOf(work) / 3.5 - 1)).toBeLessThan(0.03);
  });

  it('W follows F(W) = 0.125(1 − e^(−W/101)) + 0.875(1 − e^(−W/1.3)) (sup gap < 0.005)', () => {
    const F = (w: number): number => 0.125 * (1 - Math.exp(-w / 101)) + 0.875 * (1 - Math.exp(-w / 1.3));
    expect(largestCdfGap(work, F, [0.1, 0.5, 1, 2, 5, 10, 50, 100, 200, 400])).toBeLessThan(0.005);
  });

  it('p_max ∈ {4, 16, 64} equally often; β = W/p_max², E[β] ≈ 0.30', () => {
    for (const p of [4, 16, 64])
      expect(Math.abs(fraction(samples.WK4, (j) => j.maxSize === p) - 1 / 3)).toBeLessThan(0.005);
    for (const j of samples.WK4.slice(0, 100))
      expect(j.traits!.beta).toBeCloseTo(j.traits!.work! / j.maxSize! ** 2, 6);
    // 0.30 is rounded; the formula gives 0.306.
    expect(Math.abs(mean(samples.WK4.map((j) => thousands(j.traits!.beta!))) - 0.3)).toBeLessThan(0.015);
  });

  it('E[α]: 0 for WK1, 5.0 for WK3, 2.34 for WK4 (±5 %); WK2 gives 2.18 where the paper prints 2.0', () => {
    const meanAlpha = (wk: keyof typeof published): number =>
      mean(samples[wk].map((j) => thousands(j.traits!.alpha!)));
    expect(meanAlpha('WK1')).toBe(0);
    expect(Math.abs(meanAlpha('WK3') / 5.0 - 1)).toBeLessThan(0.05);
    expect(Math.abs(meanAlpha('WK4') / 2.34 - 1)).toBeLessThan(0.05);
    // The disagreement, asserted: α = W·(1/p_max²)^0.4 averages 13.76 × 0.1582 = 2.18.
    expect(Math.abs(meanAlpha('WK2') / 2.177 - 1)).toBeLessThan(0.03);
    expect(meanAlpha('WK2')).toBeGreaterThan(2.05);
  });

  it('T(p) = φW/p + α + βp, malleable 1…p_max, asking for min(p_max, P)', () => {
    for (const j of samples.WK3.slice(0, 1000)) {
      const { work: w, alpha, beta } = j.traits as { work: number; alpha: number; beta: number };
      expect(j.executionTime!(3)).toBeCloseTo(w / 3 + alpha + beta * 3, 6);
      expect(j.minSize).toBe(1);
      expect(j.size).toBe(Math.min(j.maxSize!, 32));
      expect(j.runtime).toBe(j.executionTime!(j.size));
    }
  });

  it('mean interarrival = E[T(1)] / (P × load) (eq. 10)', () => {
    const w = modelWorkload(sevcik94, { options: { workload: 'WK1' }, load: 0.7, jobs: 10 });
    expect(w.meanInterarrival).toBeCloseTo(
      (paperMeanW * 1000 * paperRatio([Number.POSITIVE_INFINITY])) / (32 * 0.7),
      6,
    );
  });
});

describe('sevcik-94: options', () => {
  it('mu overrides the preset ("infinity" for α = 0)', () => {
    const [job] = modelWorkload(sevcik94, { options: { mu: ['infinity'] }, jobs: 1 }).jobs;
    expect(job!.traits!.alpha).toBe(0);
  });

  it.each([
    [{ workload: 'WK5' }, /workload = "WK5"/],
    [{ maxParallelism: [1, 4] }, /maxParallelism.*p_max must be > 1/],
    [{ mu: [-1] }, /mu/],
    [{ load: 0 }, /load = 0/],
  ])('%j is rejected', (options, message) => {
    expect(() => modelWorkload(sevcik94, { options })).toThrow(OptionsError);
    expect(() => modelWorkload(sevcik94, { options })).toThrow(message);
  });
});
