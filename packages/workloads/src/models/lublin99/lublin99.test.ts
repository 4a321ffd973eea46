import { type Job, OptionsError } from '@js/core';
import { describe, expect, it } from 'vitest';
import { regularizedGammaP } from '../../distributions/gamma-function.ts';
import { fraction, mean } from '../testing/statistics.ts';
import { modelWorkload } from '../workload.ts';
import { lublin99, lublinJobType } from './model.ts';

// Facts from shared/traces/MODELS.md §Lublin–Feitelson 1999 (tables of m_lublin99.c, and the
// figures measured on the reference output DIR-LAB/deep-batch-scheduler data/lublin_256.swf).
const typeless = { serialProb: 0.244, pow2Prob: 0.576, uLow: 0.8, uMed: 4.5, uHi: 7, uProb: 0.86 };
const isPowerOfTwo = (n: number): boolean => (n & (n - 1)) === 0;

const N = 300_000;
const jobs: Job[] = [...modelWorkload(lublin99, { options: { jobTypes: false }, jobs: N, seed: 3 }).jobs];
const parallel = jobs.filter((j) => j.size > 1);

/** P(par ∈ [a, b)) for the typeless two-stage uniform on log2(size). */
function twoStage(a: number, b: number): number {
  const stage = (lo: number, hi: number): number =>
    Math.max(0, Math.min(b, hi) - Math.max(a, lo)) / (hi - lo);
  return (
    typeless.uProb * stage(typeless.uLow, typeless.uMed) +
    (1 - typeless.uProb) * stage(typeless.uMed, typeless.uHi)
  );
}

describe('lublin99 typeless: sizes (calc_number_of_nodes, 128 nodes)', () => {
  it('serial fraction ≈ SerialProb = 0.244 (±0.005; standard error 0.0008)', () => {
    expect(Math.abs(jobs.length - parallel.length - 0.244 * N) / N).toBeLessThan(0.005);
  });

  it('power-of-two fraction among parallel jobs: Pow2Prob plus unrounded sizes landing on 2^k (±0.005)', () => {
    // Unrounded sizes ⌊2^par + ½⌋ equal m for par ∈ [log2(m − ½), log2(m + ½)).
    let unroundedPow2 = 0;
    for (let m = 2; m <= 128; m *= 2) unroundedPow2 += twoStage(Math.log2(m - 0.5), Math.log2(m + 0.5));
    const rest = 1 - typeless.serialProb - typeless.pow2Prob;
    const expected = (typeless.pow2Prob + rest * unroundedPow2) / (1 - typeless.serialProb);
    expect(expected).toBeGreaterThan(0.8); // 0.827: most parallel jobs are powers of two
    expect(Math.abs(fraction(parallel, (j) => isPowerOfTwo(j.size)) - expected)).toBeLessThan(0.005);
  });

  it('sizes stay within 1…2^UHi = 128', () => {
    expect(Math.max(...jobs.map((j) => j.size))).toBe(128);
    expect(Math.min(...jobs.map((j) => j.size))).toBe(1);
  });
});

describe('lublin99 typeless: runtimes (time_from_nodes)', () => {
  // E[ln r] of a branch: its gamma mean a·b, less what truncating e^X to whole seconds removes,
  // ln(e^X/⌊e^X⌋) ≈ ½e^(−X) on average, E[e^(−X)] = (1 + b)^(−a): 0.031 for the first gamma, ~0 for the second.
  const branch1 = 4.2 * 0.94 - 0.5 * (1 + 0.94) ** -4.2;
  const branch2 = 312 * 0.03 - 0.5 * (1 + 0.03) ** -312;
  const p = (n: number): number => Math.min(1, Math.max(0, -0.0054 * n + 0.78));

  it('mean ln(runtime) follows the hyper-gamma: Σ P(n)[p(n)·a1·b1 + (1 − p(n))·a2·b2] (±0.02; SE 0.005)', () => {
    // a1·b1 = 3.948, a2·b2 = 9.36; p(n) = −0.0054·n + 0.78, averaged over the sample's sizes.
    const expected = mean(jobs.map((j) => p(j.size) * branch1 + (1 - p(j.size)) * branch2));
    expect(Math.abs(mean(jobs.map((j) => Math.log(j.runtime))) - expected)).toBeLessThan(0.02);
  });

  it('serial jobs: mean ln(runtime) = 0.7746·3.948 + 0.2254·9.36 = 5.168 (less 0.024 truncation; ±0.035, SE 0.01)', () => {
    const serial = jobs.filter((j) => j.size === 1).map((j) => Math.log(j.runtime));
    expect(Math.abs(mean(serial) - (p(1) * branch1 + (1 - p(1)) * branch2))).toBeLessThan(0.035);
  });

  it('runtimes are whole seconds, at least 1, at most e^12 (TOO_MUCH_TIME)', () => {
    expect(jobs.every((j) => Number.isInteger(j.runtime) && j.runtime >= 1 && j.runtime <= 162_754)).toBe(
      true,
    );
  });
});

describe('lublin99 typeless: arrivals (arrive_init, calc_next_arrive)', () => {
  it('arrivals fall in the 48 half-hour buckets in proportion to the gamma(ANUM, BNUM) weights (±0.003)', () => {
    // Weight of bucket (i − 1) mod 48 is G(i + ½) − G(i − ½), i = 11 … 58 (CYCLIC_DAY_START = 11).
    const G = (x: number): number => regularizedGammaP(8.1737, x / 3.9631);
    const weights = new Array<number>(48).fill(0);
    for (let i = 11; i <= 58; i++) weights[(i - 1) % 48] = G(i + 0.5) - G(i - 0.5);
    const total = weights.reduce((a, b) => a + b, 0);
    const counts = new Array<number>(48).fill(0);
    for (const j of jobs) counts[Math.floor(j.submit / 1800) % 48]!++;
    for (let k = 0; k < 48; k++) expect(Math.abs(counts[k]! / N - weights[k]! / total)).toBeLessThan(0.003);
    // The afternoon peak is far busier than the small hours.
    expect(counts[27]!).toBeGreaterThan(8 * counts[10]!);
  });

  it('the long-run mean gap is E[e^X | X ≤ 13], X ~ gamma(10.2303 × 1.0225, 0.4871) (±5 %: heavy tail)', () => {
    const w = modelWorkload(lublin99, { options: { jobTypes: false }, jobs: 1 });
    const measured = jobs.at(-1)!.submit / N;
    expect(Math.abs(measured / w.meanInterarrival - 1)).toBeLessThan(0.05);
    // Without the cycle's distortion the median gap would be e^median(X) ≈ 160 s; the mean is ≈ 900 s.
    expect(w.meanInterarrival).toBeGreaterThan(850);
    expect(w.meanInterarrival).toBeLessThan(1000);
  });

  it('Zeng–Sodan W1 (AARR = 10.33) stretches the gaps by ≈ 5 %, their "reduced … by 5 %" (§5.1)', () => {
    const original = modelWorkload(lublin99, { options: { jobTypes: false }, jobs: 1 });
    const w1 = modelWorkload(lublin99, { options: { jobTypes: false, typeless: { aarr: 10.33 } }, jobs: 1 });
    const ratio = w1.meanInterarrival / original.meanInterarrival;
    expect(ratio).toBeGreaterThan(1.04);
    expect(ratio).toBeLessThan(1.08);
  });
});

describe('lublin99 on 256 nodes against the reference sample (lublin_256.swf, 10,000 jobs)', () => {
  // Tolerances are about three standard errors of the 10,000-job reference sample.
  const big = [
    ...modelWorkload(lublin99, { options: { jobTypes: false, processors: 256 }, jobs: 200_000, seed: 8 })
      .jobs,
  ];

  it('serial fraction 0.249 (±0.013), power-of-two sizes above 1: 0.612 of all jobs (±0.015)', () => {
    expect(Math.abs(fraction(big, (j) => j.size === 1) - 0.249)).toBeLessThan(0.013);
    expect(Math.abs(fraction(big, (j) => j.size > 1 && isPowerOfTwo(j.size)) - 0.612)).toBeLessThan(0.015);
  });

  it('mean size 22.1 (±6 %), mean ln(runtime) 5.68 (±0.08)', () => {
    expect(Math.abs(mean(big.map((j) => j.size)) / 22.1 - 1)).toBeLessThan(0.06);
    expect(Math.abs(mean(big.map((j) => Math.log(j.runtime))) - 5.68)).toBeLessThan(0.08);
  });
});

describe('lublin99 with batch and interactive streams (INCLUDE_JOBS_TYPE = 1, the default)', () => {
  const typed = [...modelWorkload(lublin99, { jobs: 200_000, seed: 4 }).jobs];
  const batch = typed.filter((j) => j.queue === lublinJobType.batch);
  const interactive = typed.filter((j) => j.queue === lublinJobType.interactive);

  it('each stream has its own size law: serial 0.2927 (batch), 0.1541 (interactive) (±0.008)', () => {
    expect(batch.length).toBeGreaterThan(20_000);
    expect(interactive.length).toBeGreaterThan(20_000);
    expect(Math.abs(fraction(batch, (j) => j.size === 1) - 0.2927)).toBeLessThan(0.008);
    expect(Math.abs(fraction(interactive, (j) => j.size === 1) - 0.1541)).toBeLessThan(0.008);
    // Interactive sizes stop at ⌊2^5.5 + ½⌋ = 45.
    expect(Math.max(...interactive.map((j) => j.size))).toBeLessThanOrEqual(45);
  });

  it('batch runtimes are far longer: the second gamma (mean 9.97) against interactive 4.85', () => {
    expect(mean(batch.map((j) => Math.log(j.runtime)))).toBeGreaterThan(
      mean(interactive.map((j) => Math.log(j.runtime))) + 2,
    );
  });

  it('jobs come in submit order', () => {
    expect(typed.every((j, i) => i === 0 || j.submit >= typed[i - 1]!.submit)).toBe(true);
  });
});

describe('lublin99 options', () => {
  it('a one-processor machine still works: every job is serial', () => {
    const tiny = [...modelWorkload(lublin99, { options: { processors: 1 }, jobs: 500 }).jobs];
    expect(tiny.every((j) => j.size === 1)).toBe(true);
  });

  it('startHour shifts the cycle: starting at 8 am, the first hours are busier than from midnight', () => {
    const count = (startHour: number): number =>
      [
        ...modelWorkload(lublin99, { options: { jobTypes: false, startHour }, jobs: 2000, seed: 1 }).jobs,
      ].filter((j) => j.submit < 4 * 3600).length;
    expect(count(8)).toBeGreaterThan(2 * count(0));
  });

  it.each([
    [
      { typeless: { serialProb: 0.6, pow2Prob: 0.6 } },
      /typeless\.pow2Prob.*serialProb \+ pow2Prob must be ≤ 1/,
    ],
    [{ typeless: { uMed: 8 } }, /typeless\.uMed = 8: need uMed ≤ uHi/],
    [{ batch: { a1: -1 } }, /batch\.a1 = -1/],
    [{ processors: 0 }, /processors = 0/],
    [{ typless: {} }, /typless/],
    [{ runtimeLogCap: 1 }, /batch\.a1: runtimeLogCap 1 rejects \(almost\) every ln\(runtime\) draw/],
    [
      { jobTypes: false, typeless: { serialProb: 0, uLow: 8, uMed: 9, uHi: 10 } },
      /typeless\.uLow = 8: no size of 1…128 can be drawn/,
    ],
  ])('%j is rejected', (options, message) => {
    expect(() => modelWorkload(lublin99, { options })).toThrow(OptionsError);
    expect(() => modelWorkload(lublin99, { options })).toThrow(message);
  });
});
