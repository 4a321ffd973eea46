import { OptionsError, UnknownNameError } from '@js/core';
import { describe, expect, it } from 'vitest';
import { fraction, largestCdfGap, mean } from '../testing/statistics.ts';
import { modelWorkload } from '../workload.ts';

// Leinberger, Karypis & Kumar §3.1: K ∈ {2, 4, 8} requirements per job, K random numbers from a
// uniform or an exponential law scaled with the job's size (Feitelson 1996 base model).
const N = 100_000;

describe('k-resource: requirement vectors', () => {
  it.each([2, 4, 8])(
    'K = %i: every job asks for r1…rK within capacity, on top of the unchanged base jobs',
    (k) => {
      const w = modelWorkload('k-resource', { options: { k }, jobs: 500, seed: 1 });
      expect(w.resources).toEqual(
        Array.from({ length: k }, (_, i) => ({ name: `r${i + 1}`, capacity: 128 })),
      );
      const base = [...modelWorkload('feitelson96', { jobs: 500, seed: 1 }).jobs];
      [...w.jobs].forEach((j, i) => {
        expect(Object.keys(j.resources!)).toEqual(w.resources!.map((r) => r.name));
        for (const amount of Object.values(j.resources!)) expect(amount).toBeGreaterThanOrEqual(0);
        for (const amount of Object.values(j.resources!)) expect(amount).toBeLessThanOrEqual(128);
        expect({ ...j, resources: undefined }).toEqual({ ...base[i], resources: undefined });
      });
    },
  );

  const ratios = (distribution: 'uniform' | 'exponential'): number[] =>
    [...modelWorkload('k-resource', { options: { k: 2, distribution }, jobs: N, seed: 4 }).jobs]
      .filter((j) => j.size <= 16)
      .flatMap((j) => Object.values(j.resources!).map((r) => r / j.size));

  it('uniform: requirement / size is uniform on [0, 1) (mean 0.5; sup CDF gap < 0.006)', () => {
    const x = ratios('uniform');
    expect(Math.abs(mean(x) - 0.5)).toBeLessThan(0.005);
    expect(largestCdfGap(x, (v) => v, [0.1, 0.25, 0.5, 0.75, 0.9])).toBeLessThan(0.006);
  });

  it('exponential: requirement / size is exponential with mean 0.5, mostly small (§3.3)', () => {
    const x = ratios('exponential');
    expect(largestCdfGap(x, (v) => 1 - Math.exp(-v / 0.5), [0.1, 0.25, 0.5, 1, 2])).toBeLessThan(0.006);
    // "The exponential distribution creates K_i's which are mostly small": more below half than uniform's 50 %.
    expect(fraction(x, (v) => v < 0.5)).toBeGreaterThan(0.6);
  });

  it('names and capacity are options; another base model can be extended', () => {
    const w = modelWorkload('k-resource', {
      options: { base: 'zhou-99', k: 2, names: ['memory', 'disk'], capacity: 1024 },
      jobs: 100,
    });
    expect(w.resources).toEqual([
      { name: 'memory', capacity: 1024 },
      { name: 'disk', capacity: 1024 },
    ]);
    const [job] = w.jobs;
    expect(job!.resources!.memory!).toBeLessThanOrEqual((job!.size * 1024) / 128);
  });
});

describe('k-resource: invalid options', () => {
  it.each([
    [{ k: 0 }, /k = 0/],
    [{ k: 2, names: ['a'] }, /names.*one entry per resource/],
    [{ k: 2, names: ['a', 'a'] }, /names.*distinct/],
    [{ k: 1, names: ['processors'] }, /names.*'processors' is not a resource name/],
    [{ distribution: 'normal' }, /distribution = "normal"/],
  ])('%j is rejected with an OptionsError', (options, message) => {
    expect(() => modelWorkload('k-resource', { options })).toThrow(OptionsError);
    expect(() => modelWorkload('k-resource', { options })).toThrow(message);
  });

  it('bad base options name the base model and the option', () => {
    expect(() => modelWorkload('k-resource', { options: { baseOptions: { runtimeCv: 0.3 } } })).toThrow(
      /model 'feitelson96' \(baseOptions of 'k-resource'\): runtimeCv = 0\.3/,
    );
  });

  it('an unknown base model lists the known ones', () => {
    expect(() => modelWorkload('k-resource', { options: { base: 'feitelson97' } })).toThrow(UnknownNameError);
    expect(() => modelWorkload('k-resource', { options: { base: 'feitelson97' } })).toThrow(
      /did you mean 'feitelson96'/,
    );
  });
});
