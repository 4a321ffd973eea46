import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@js/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCharts } from '../build.ts';
import { readInputs } from './inputs.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-report-replicated-'));
});

const interval = (mean: number | null, halfWidth: number | null, replications = 4) => ({
  replications,
  mean,
  standardDeviation: 1,
  confidence: 0.95,
  halfWidth,
  lower: 0,
  upper: 0,
  relativeHalfWidth: 0,
});
const replicated = (discipline: string, wait: number, halfWidth: number | null) => ({
  discipline,
  workload: 'small',
  statistic: 'response.mean',
  stop: 'converged',
  replications: 4,
  seeds: [1, 2, 3, 4],
  warmUpJobs: 50,
  measuredJobs: 400,
  saturationAfter: 300,
  figures: { 'wait.mean': interval(wait, halfWidth), 'utilisation.processors': interval(0.5, 0.01) },
  summaries: [],
});

async function file(name: string, value: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(value));
  return path;
}

describe('replicated runs (run/compare --replicate --json)', () => {
  it('reads one run or a list; JSON’s null is a mean with no value or an unbounded half-width', async () => {
    const one = await file('one.json', replicated('easy', 100, 5));
    const list = await file('list.json', [replicated('fcfs', 300, null), replicated('easy', 100, 5)]);
    const data = await readInputs([one, list]);
    expect(data.runs).toEqual([]);
    expect(data.replicated!.map((r) => r.label)).toEqual(['easy', 'fcfs', 'easy']);
    expect(data.replicated![1]!.figures['wait.mean']).toEqual({
      mean: 300,
      halfWidth: Number.POSITIVE_INFINITY,
      confidence: 0.95,
      replications: 4,
    });
  });

  it('a broken one in a list is located', async () => {
    const bad = replicated('easy', 1, 1) as Record<string, unknown>;
    delete bad.stop;
    const path = await file('bad.json', [replicated('fcfs', 1, 1), bad]);
    const error = await readInputs([path]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/\[1\]\.stop/);
  });

  it('draws mean ± half-width per figure, the best mean marked, and an interval bar per discipline', async () => {
    const list = await file('pair.json', [replicated('fcfs', 300, null), replicated('easy', 100, 5)]);
    const charts = buildCharts(await readInputs([list]));
    expect(charts.map((c) => c.name)).toEqual(['replicated', 'replicated-intervals']);
    const table = charts[0]!.spec as { data: { values: Record<string, unknown>[] } };
    const wait = table.data.values.filter((v) => v.figure === 'mean wait s');
    expect(wait.map((v) => [v.discipline, v.mean, v.halfWidth, v.best])).toEqual([
      ['fcfs', 300, null, false],
      ['easy', 100, 5, true],
    ]);
    // Utilisation: higher is better, equal means are both best.
    const utilisation = table.data.values.filter((v) => v.figure === 'utilisation');
    expect(utilisation.map((v) => v.best)).toEqual([true, true]);
    const bars = charts[1]!.spec as { data: { values: Record<string, unknown>[] } };
    const easyWait = bars.data.values.find((v) => v.discipline === 'easy' && v.figure === 'mean wait s')!;
    expect([easyWait.lower, easyWait.upper]).toEqual([95, 105]);
    const fcfsWait = bars.data.values.find((v) => v.discipline === 'fcfs' && v.figure === 'mean wait s')!;
    expect(fcfsWait.lower).toBeNull();
  });
});
