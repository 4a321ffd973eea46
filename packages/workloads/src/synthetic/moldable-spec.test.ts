import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Job, OptionsError } from '@js/core';
import { afterAll, describe, expect, it } from 'vitest';
import { openWorkload } from '../workload/open.ts';
import { syntheticWorkload } from './generate.ts';
import type { SyntheticSpecInput } from './spec.ts';

const spec: SyntheticSpecInput = {
  kind: 'synthetic',
  name: 'amdahl-jobs',
  jobs: 50,
  processors: 32,
  load: 0.6,
  work: { kind: 'exponential', mean: 600 },
  speedup: { kind: 'amdahl', serialFraction: 0.05 },
  minParallelism: 2,
  maxParallelism: { kind: 'empirical', values: [4, 16, 64] },
};

/** The error a spec gets, as the message a user reads. */
const errorOf = (input: unknown): string => {
  try {
    syntheticWorkload(input as SyntheticSpecInput, { seed: 1 });
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsError);
    return (error as Error).message;
  }
  throw new Error('expected the spec to be refused');
};

describe('moldable synthetic specs: errors name the field', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an unknown speedup kind', { speedup: { kind: 'quadratic' } }, /speedup\.kind = "quadratic".*'linear'/],
    [
      'a serial fraction above 1',
      { speedup: { kind: 'amdahl', serialFraction: 1.5 } },
      /speedup\.serialFraction = 1\.5: .*\[0, 1\]/,
    ],
    [
      'a serial fraction that can be drawn above 1',
      { speedup: { kind: 'amdahl', serialFraction: { kind: 'uniform', min: 0, max: 2 } } },
      /speedup\.serialFraction = \{.*above 1/,
    ],
    [
      'a negative serial fraction',
      { speedup: { kind: 'amdahl', serialFraction: -0.1 } },
      /speedup\.serialFraction = -0\.1/,
    ],
    [
      'a minimum above the maximum',
      { minParallelism: 16, maxParallelism: 8 },
      /minParallelism = 16: .*can be 16.*can be 8/,
    ],
    [
      'a minimum that can be drawn above the maximum',
      {
        minParallelism: { kind: 'uniform', min: 1, max: 10 },
        maxParallelism: { kind: 'empirical', values: [4, 16] },
      },
      /minParallelism = .*can be 10.*can be 4/,
    ],
    ['negative work', { work: { kind: 'uniform', min: -10, max: 100 } }, /work = \{.*must be ≥ 0/],
    ['work of mean 0', { work: { kind: 'constant', value: 0 } }, /work = .*positive mean/],
    ['an invalid work law', { work: { kind: 'exponential', mean: -1 } }, /work\.mean = -1/],
    ['a negative α', { speedup: { kind: 'sevcik', alpha: -3 } }, /speedup\.alpha = -3: α/],
    [
      'μ together with α',
      { speedup: { kind: 'sevcik', alpha: 3, mu: 0.4 } },
      /speedup\.mu = 0\.4: give either/,
    ],
    [
      'μ with p_max that rounds to 1',
      { speedup: { kind: 'sevcik', mu: 0.2 }, maxParallelism: { kind: 'uniform', min: 1, max: 8 } },
      /maxParallelism = .*p_max > 1/,
    ],
    ['a negative μ', { speedup: { kind: 'sevcik', mu: -1 } }, /speedup\.mu = -1/],
    ['A below 1', { speedup: { kind: 'downey', A: 0.5, sigma: 1 } }, /speedup\.A = 0\.5: .*≥ 1/],
    [
      'a broken parameter distribution',
      { speedup: { kind: 'downey', A: 4, sigma: { kind: 'uniform', min: 0 } } },
      /speedup\.sigma = \{.*not a valid distribution: max: .*expected number/,
    ],
    ['an unknown speedup field', { speedup: { kind: 'linear', alpha: 1 } }, /speedup.*alpha/],
    ['rigid and moldable fields mixed', { sizes: { kind: 'constant', value: 4 } }, /sizes = .*do not mix/],
  ])('%s', (_, change, message) => {
    expect(errorOf({ ...spec, ...change })).toMatch(message);
  });

  it('each form must be complete', () => {
    const { speedup: _, ...noSpeedup } = spec;
    expect(errorOf(noSpeedup)).toMatch(/speedup: moldable jobs need both work/);
    const { work: __, ...noWork } = spec;
    expect(errorOf(noWork)).toMatch(/work: moldable jobs need both/);
    const rigid = {
      kind: 'synthetic',
      jobs: 5,
      processors: 8,
      load: 0.5,
      sizes: { kind: 'constant', value: 2 },
    };
    expect(errorOf(rigid)).toMatch(/runtimes: required for rigid jobs/);
    expect(errorOf({ kind: 'synthetic', jobs: 5, processors: 8, load: 0.5 })).toMatch(
      /sizes: required.*runtimes: required/,
    );
  });
});

describe('moldable synthetic specs: a JSON file through openWorkload', () => {
  const dir = mkdtempSync(join(tmpdir(), 'schedlab-moldable-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };
  const collect = async (jobs: AsyncIterable<Job> | Iterable<Job>): Promise<Job[]> => {
    const out: Job[] = [];
    for await (const job of jobs) out.push(job);
    return out;
  };
  const shape = (jobs: readonly Job[]) =>
    jobs.map(({ executionTime, ...rest }) => ({ ...rest, t: [1, 3, 16].map((p) => executionTime!(p)) }));

  it('gives the jobs syntheticWorkload gives, with their execution-time functions', async () => {
    const path = file('amdahl.json', spec);
    const w = await openWorkload(path, { seed: 7 });
    expect(w).toMatchObject({ name: 'amdahl-jobs', kind: 'synthetic', processors: 32 });
    const jobs = await collect(w.jobs);
    expect(jobs).toHaveLength(50);
    expect(shape(jobs)).toEqual(shape([...syntheticWorkload(spec, { seed: 7 }).jobs]));
    expect(jobs.every((j) => j.minSize === 2 && j.size === Math.min(j.maxSize!, 32))).toBe(true);
    expect(jobs[0]!.executionTime!(4)).toBeCloseTo(jobs[0]!.traits!.work! * (0.05 + 0.95 / 4), 9);
  });

  it('reports a bad file with its path and the field', async () => {
    const bad = file('bad-moldable.json', { ...spec, speedup: { kind: 'amdahl', serialFraction: 2 } });
    await expect(openWorkload(bad)).rejects.toThrow(OptionsError);
    await expect(openWorkload(bad)).rejects.toThrow(/bad-moldable\.json.*speedup\.serialFraction = 2/);
    const range = file('bad-range.json', { ...spec, minParallelism: 8, maxParallelism: 4 });
    await expect(openWorkload(range)).rejects.toThrow(/bad-range\.json.*minParallelism = 8/);
  });
});
