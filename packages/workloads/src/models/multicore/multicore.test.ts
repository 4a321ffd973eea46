import { type Job, OptionsError } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncatedExpMean } from '../lublin99/moments.ts';
import { lublinConstants, lublinTables } from '../lublin99/parameters.ts';
import { fraction, mean } from '../testing/statistics.ts';
import { modelWorkload } from '../workload.ts';
import { multicoreJobType, nearestPowerOfTwo, zengSodanWorkloads } from './model.ts';

// Zeng & Sodan: Table 4 (slowdown ranges, percent), formula 7 with MAX_SL 1.25 and SELF_SL2 1.12
// (Table 6), job types by runtime and the workload characteristics of Table 5 (W1).
const table4 = {
  slScr: [0, 25, 17, 17, 13, 17, 8, 3, 0],
  slSno: [25, 45, 12, 5, 13, 0, 0, 0, 0],
  slCos: [0, 68, 17, 7, 3, 2, 1, 1, 1],
} as const;
const N = 200_000;
const w = modelWorkload('zeng-sodan-multicore', { jobs: N, seed: 7 });
const jobs: Job[] = [...w.jobs];
const trait = (j: Job, name: string): number => j.traits![name]!;
const powerOfTwo = (n: number): boolean => (n & (n - 1)) === 0;

describe('zeng-sodan-multicore: slowdown traits from Table 4', () => {
  it.each(Object.keys(table4) as (keyof typeof table4)[])(
    '%s falls in each range with the table’s frequency (±0.5 %)',
    (name) => {
      const counts = new Array<number>(9).fill(0);
      for (const j of jobs) counts[Math.floor((trait(j, name) - 0.9) / 0.1 + 1e-9)]!++;
      table4[name].forEach((percent, i) => {
        expect(Math.abs(counts[i]! / N - percent / 100)).toBeLessThan(0.005);
      });
    },
  );

  it('is uniform inside a range: SL_cos in [1.0, 1.1) averages 1.05', () => {
    const inRange = jobs.map((j) => trait(j, 'slCos')).filter((x) => x >= 1 && x < 1.1);
    expect(Math.abs(mean(inRange) - 1.05)).toBeLessThan(0.002);
  });
});

describe('zeng-sodan-multicore: formula 7 (§4.8) and formula 8', () => {
  // Formula 7's size and PPN for a job (before rounding).
  const formula7 = (j: Job): { scaled: number; ppn: number } => {
    const o = trait(j, 'originalSize');
    const scr = trait(j, 'slScr');
    const sno = trait(j, 'slSno');
    if (o > 1 && scr * sno <= 1.25) return { scaled: (o * 4) / scr / sno, ppn: 4 };
    if (o > 1 && sno <= 1.12) return { scaled: (o * 2) / sno, ppn: 2 };
    return { scaled: o, ppn: 1 };
  };

  it('quadruples (÷ SL_scr·SL_sno) when SL_scr·SL_sno ≤ 1.25, else doubles (÷ SL_sno) when SL_sno ≤ 1.12; serial jobs stay; a power-of-two size stays one (PPN × its size)', () => {
    for (const j of jobs) {
      const o = trait(j, 'originalSize');
      const { scaled, ppn } = formula7(j);
      const expected = powerOfTwo(o) ? o * ppn : Math.min(512, Math.round(scaled));
      if (j.size !== expected || trait(j, 'ppn') !== ppn)
        throw new Error(`job ${j.id}: ${JSON.stringify(j)}`);
    }
  });

  /** The same 20 000 jobs with `sizeRounding: 'nearest'`. */
  const nearestRounded = () => [
    ...modelWorkload('zeng-sodan-multicore', { jobs: 20_000, seed: 7, options: { sizeRounding: 'nearest' } })
      .jobs,
  ];

  it("sizeRounding 'nearest': every size to the nearest whole process, power of two or not", () => {
    const near = nearestRounded();
    for (const j of near) {
      const { scaled, ppn } = formula7(j);
      if (j.size !== Math.min(512, Math.round(scaled)) || trait(j, 'ppn') !== ppn)
        throw new Error(`job ${j.id}: ${JSON.stringify(j)}`);
    }
    // Everything but the sizes as with the default.
    expect(near.map(({ size: _, ...j }) => j)).toEqual(jobs.slice(0, 20_000).map(({ size: _, ...j }) => j));
  });

  it('§4.8 "Keep the percentage of power-of-two size jobs the same": within 1 % of the base sizes’ (0.87); nearest rounding loses a third of them', () => {
    const before = fraction(jobs, (j) => powerOfTwo(trait(j, 'originalSize')));
    expect(Math.abs(fraction(jobs, (j) => powerOfTwo(j.size)) - before)).toBeLessThan(0.01);
    const near = nearestRounded();
    expect(fraction(near, (j) => powerOfTwo(j.size))).toBeLessThan(before - 0.25);
  });

  it('nearestPowerOfTwo: a power of two no farther from x than the powers of two on either side', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 2 ** 20, noNaN: true }), (x) => {
        const p = nearestPowerOfTwo(x);
        expect(powerOfTwo(p)).toBe(true);
        expect(Math.abs(x - p)).toBeLessThanOrEqual(Math.abs(x - p / 2));
        expect(Math.abs(x - p)).toBeLessThanOrEqual(Math.abs(x - p * 2));
      }),
    );
    expect([1, 1.4, 1.6, 2.9, 3.1, 29.1, 46, 49, 512].map(nearestPowerOfTwo)).toEqual([
      1, 1, 2, 2, 4, 32, 32, 64, 512,
    ]);
  });

  it('the three cases come out as often as Table 4 implies (±0.6 %)', () => {
    // P(SL_scr·SL_sno ≤ 1.25) and P(SL_sno ≤ 1.12 and not) from the histograms, on a fine grid.
    const density = (percent: readonly number[], x: number): number =>
      percent[Math.floor((x - 0.9) / 0.1)]! / 100 / 0.1;
    let four = 0;
    let two = 0;
    const h = 0.0005;
    for (let s = 0.9 + h / 2; s < 1.8; s += h)
      for (let n = 0.9 + h / 2; n < 1.8; n += h) {
        const p = density(table4.slScr, s) * density(table4.slSno, n) * h * h;
        if (s * n <= 1.25) four += p;
        else if (n <= 1.12) two += p;
      }
    const parallel = jobs.filter((j) => trait(j, 'originalSize') > 1);
    expect(Math.abs(fraction(parallel, (j) => trait(j, 'ppn') === 4) - four)).toBeLessThan(0.006);
    expect(Math.abs(fraction(parallel, (j) => trait(j, 'ppn') === 2) - two)).toBeLessThan(0.006);
  });

  it('the machine is 128 nodes of two dual-core CPUs: 512 processors', () => {
    expect(w.processors).toBe(512);
    expect(w.topology).toEqual({ nodes: 128, cpusPerNode: 2, coresPerCpu: 2 });
  });
});

describe('zeng-sodan-multicore: job types and the W1 workload of Table 5', () => {
  const workShare = (type: number): number =>
    jobs.filter((j) => trait(j, 'jobType') === type).reduce((s, j) => s + j.size * j.runtime, 0) /
    jobs.reduce((s, j) => s + j.size * j.runtime, 0);

  it('types by runtime: short ≤ 10 min, medium ≤ 3 h, long beyond', () => {
    for (const j of jobs) {
      const expected = j.runtime <= 600 ? 0 : j.runtime <= 10_800 ? 1 : 2;
      if (trait(j, 'jobType') !== expected) throw new Error(`job ${j.id}: runtime ${j.runtime}`);
    }
  });

  it('64 % short, 19.5 % medium, 16.5 % long jobs (±1 %); 24 % serial (±1 %)', () => {
    expect(
      Math.abs(fraction(jobs, (j) => trait(j, 'jobType') === multicoreJobType.short) - 0.64),
    ).toBeLessThan(0.01);
    expect(
      Math.abs(fraction(jobs, (j) => trait(j, 'jobType') === multicoreJobType.medium) - 0.195),
    ).toBeLessThan(0.01);
    expect(
      Math.abs(fraction(jobs, (j) => trait(j, 'jobType') === multicoreJobType.long) - 0.165),
    ).toBeLessThan(0.01);
    expect(Math.abs(fraction(jobs, (j) => j.size === 1) - 0.24)).toBeLessThan(0.01);
  });

  it('work: 0.5 % short (±0.3 %), 26.0 % medium, 73.5 % long (±2 %)', () => {
    expect(Math.abs(workShare(multicoreJobType.short) - 0.005)).toBeLessThan(0.003);
    expect(Math.abs(workShare(multicoreJobType.medium) - 0.26)).toBeLessThan(0.02);
    expect(Math.abs(workShare(multicoreJobType.long) - 0.735)).toBeLessThan(0.02);
  });

  it('response-time estimates are scaled by 0.75 (a trait); runtime estimates are the base job’s', () => {
    expect(jobs.every((j) => trait(j, 'responseEstimateFactor') === 0.75)).toBe(true);
    // Lublin–Feitelson has no user estimates: unknown (Infinity), never the runtime.
    expect(jobs.every((j) => j.estimate === Number.POSITIVE_INFINITY)).toBe(true);
  });
});

describe('zeng-sodan-multicore: the arrival rates of W1, W2 and W1 by Table 5’s Load column', () => {
  // Mean rush-hour gap of the typeless stream: ln(gap) ~ gamma(α·ARAR, BARR), redrawn above 13.
  const { arar, barr } = lublinTables.typeless;
  const gap = (w: keyof typeof zengSodanWorkloads) =>
    truncatedExpMean(zengSodanWorkloads[w].typeless.aarr * arar, barr, lublinConstants.interarrivalLogCap);

  it('W1ByLoad: W2 arrives 13.0 / 10.6 times as often (Table 5), where W1’s α gives 1.35', () => {
    expect(gap('W1ByLoad') / gap('W2')).toBeCloseTo(13.0 / 10.6, 3);
    expect(gap('W1') / gap('W2')).toBeCloseTo(1.35, 2);
    // Heavier than the original model (α = 10.2303), where W1 is 6 % lighter (§5.1: "5 %").
    expect(gap('W1ByLoad')).toBeLessThan(truncatedExpMean(10.2303 * arar, barr, 13));
    expect(gap('W1') / truncatedExpMean(10.2303 * arar, barr, 13)).toBeCloseTo(1.061, 3);
  });
});

describe('zeng-sodan-multicore: SL_cos per pair (§4.6) or per job', () => {
  it("'pair' (the default): every job carries an unsigned 32-bit cosKey, declared speedup knowledge", () => {
    const keys = jobs.slice(0, 20_000).map((j) => trait(j, 'cosKey'));
    expect(keys.every((k) => Number.isInteger(k) && k >= 0 && k < 2 ** 32)).toBe(true);
    // Drawn, not numbered: almost no two of 20 000 alike, spread over the whole range (mean 2^31 ± 1 %).
    expect(new Set(keys).size).toBeGreaterThan(19_990);
    expect(Math.abs(mean(keys) / 2 ** 31 - 1)).toBeLessThan(0.01);
    expect(jobs[0]!.traitKnowledge!.cosKey).toBe('speedup');
  });

  it("'job': no keys and no declaration for them; every other trait and job as with 'pair'", () => {
    const pair = [...modelWorkload('zeng-sodan-multicore', { jobs: 500, seed: 3 }).jobs];
    const job = [
      ...modelWorkload('zeng-sodan-multicore', { jobs: 500, seed: 3, options: { slCos: 'job' } }).jobs,
    ];
    expect(job.every((j) => j.traits!.cosKey === undefined && !('cosKey' in j.traitKnowledge!))).toBe(true);
    expect(job.map(({ traits, traitKnowledge: _, ...j }) => ({ ...j, traits }))).toEqual(
      pair.map(({ traits, traitKnowledge: _, ...j }) => {
        const { cosKey: _key, ...rest } = traits!;
        return { ...j, traits: rest };
      }),
    );
  });
});

describe('zeng-sodan-multicore: options', () => {
  it('adjustSizes: false keeps the base sizes', () => {
    const kept = [
      ...modelWorkload('zeng-sodan-multicore', { options: { adjustSizes: false }, jobs: 500 }).jobs,
    ];
    expect(kept.every((j) => j.size === trait(j, 'originalSize'))).toBe(true);
  });

  it.each([
    [{ maxSl: -1 }, /maxSl = -1/],
    [{ cpusPerNode: 0 }, /cpusPerNode = 0/],
    [{ slCos: 'triple' }, /slCos = "triple"/],
    [{ sizeRounding: 'up' }, /sizeRounding = "up"/],
    [
      { baseOptions: { jobTypes: 'no' } },
      /model 'lublin99' \(baseOptions of 'zeng-sodan-multicore'\): jobTypes = "no"/,
    ],
  ])('%j is rejected', (options, message) => {
    expect(() => modelWorkload('zeng-sodan-multicore', { options })).toThrow(OptionsError);
    expect(() => modelWorkload('zeng-sodan-multicore', { options })).toThrow(message);
  });
});
