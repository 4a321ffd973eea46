import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunSummary } from '@js/metrics';
import { describe, expect, it } from 'vitest';
import type { Cell } from './cells.ts';
import type { Manifest } from './manifest.ts';
import { type CellResult, ResultsLog, readResults } from './results-log.ts';
import { summarize, summaryCsv, summaryTables } from './summary.ts';

/** t(0.975, 2) / √3: the 95 % half-width of three values whose standard deviation is 1. */
const HALF_WIDTH_SD1_N3 = 4.302652729749464 / Math.sqrt(3);

const cell = (label: string, load: number, seed: number): Cell => ({
  id: `${label}-${load}-${seed}`,
  discipline: label,
  label,
  workload: 'w',
  load,
  seed,
  spec: { kind: 'swf', path: 'w.swf' },
});
const seeds = [1, 2, 3];
const cells = ['fcfs', 'easy'].flatMap((d) =>
  [0.5, 0.9].flatMap((load) => seeds.map((s) => cell(d, load, s))),
);
const manifest = { name: 'hand', cells } as unknown as Manifest;

/** A result whose mean response is `response`; the other figures are absent (NaN). */
const result = (c: Cell, response: number): CellResult => {
  const { spec, ...described } = c;
  return {
    ...described,
    status: 'completed',
    summary: { response: { mean: response } } as unknown as RunSummary,
    counters: {},
  };
};

// fcfs: 1, 2, 3 at 0.5 and 10, 20, 30 at 0.9; easy: 4, 4, 4 at 0.5, one seed only (5) at 0.9.
const values: Record<string, number[]> = {
  'fcfs-0.5': [1, 2, 3],
  'fcfs-0.9': [10, 20, 30],
  'easy-0.5': [4, 4, 4],
  'easy-0.9': [5],
};
const results = cells.flatMap((c) => {
  const v = values[`${c.label}-${c.load}`]![Number(c.seed) - 1];
  return v === undefined ? [] : [result(c, v)];
});

describe('summarize', () => {
  // Lines in another order than the grid's: the summary is the same.
  const summary = summarize(manifest, [...results].reverse());
  const rows = summary.rows.filter((r) => r.metric === 'response.mean');

  it('gives the mean and the 95 % half-width across seeds per discipline and load, in grid order', () => {
    expect(rows.map((r) => [r.discipline, r.load, r.seeds, r.mean])).toEqual([
      ['fcfs', 0.5, 3, 2],
      ['fcfs', 0.9, 3, 20],
      ['easy', 0.5, 3, 4],
      ['easy', 0.9, 1, 5],
    ]);
    expect(rows[0]!.halfWidth).toBeCloseTo(HALF_WIDTH_SD1_N3, 12);
    expect(rows[1]!.halfWidth).toBeCloseTo(10 * HALF_WIDTH_SD1_N3, 11);
    expect(rows[2]!.halfWidth).toBe(0);
    expect(rows[3]!.halfWidth).toBe(Number.POSITIVE_INFINITY);
    expect(summary.missingCells).toBe(2);
  });

  it('prints a table per metric: disciplines down, loads across', () => {
    const table = summaryTables(summary);
    const response = table.slice(table.indexOf('response.mean on w'));
    expect(response.split('\n').slice(0, 8).join('\n')).toBe(
      [
        'response.mean on w: mean ± 95 % confidence half-width over seeds',
        '┌────────────┬───────────┬─────────────┐',
        '│ discipline │ load 0.5  │ load 0.9    │',
        '├────────────┼───────────┼─────────────┤',
        '│ fcfs       │ 2 ± 2.484 │ 20 ± 24.841 │',
        '├────────────┼───────────┼─────────────┤',
        '│ easy       │ 4 ± 0     │ 5 ± ∞       │',
        '└────────────┴───────────┴─────────────┘',
      ].join('\n'),
    );
  });

  it('writes CSV with full precision, empty where a figure is not finite', () => {
    const csv = summaryCsv(summary).split('\n');
    expect(csv[0]).toBe('metric,workload,discipline,load,seeds,mean,half_width');
    const response = csv.filter((l) => l.startsWith('response.mean,'));
    expect(response.map((l) => l.split(',').slice(0, 6).join(','))).toEqual([
      'response.mean,w,fcfs,0.5,3,2',
      'response.mean,w,fcfs,0.9,3,20',
      'response.mean,w,easy,0.5,3,4',
      'response.mean,w,easy,0.9,1,5',
    ]);
    expect(Number(response[0]!.split(',')[6])).toBeCloseTo(HALF_WIDTH_SD1_N3, 12);
    expect(response[2]!.endsWith(',0')).toBe(true);
    expect(response[3]!.endsWith(',5,')).toBe(true);
    // A figure no run had: no mean, no half-width.
    expect(csv.find((l) => l.startsWith('wait.mean,w,fcfs,0.5,'))).toBe('wait.mean,w,fcfs,0.5,3,,');
  });
});

describe('results.jsonl', () => {
  it('a torn last line (a kill mid-write) is left out, and the next append replaces it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schedlab-sweep-log-'));
    const [a, b] = [result(cells[0]!, 1), result(cells[1]!, 2)];
    await writeFile(join(dir, 'results.jsonl'), `${JSON.stringify(a)}\n${JSON.stringify(b).slice(0, 40)}`);
    const torn = readResults(dir);
    expect(torn.results.map((r) => r.result.id)).toEqual([a.id]);
    const log = await ResultsLog.open(dir, torn.wholeBytes);
    log.append(b);
    log.close();
    expect(await readFile(join(dir, 'results.jsonl'), 'utf8')).toBe(
      `${JSON.stringify(a)}\n${JSON.stringify(b)}\n`,
    );
    await rm(dir, { recursive: true, force: true });
  });
});
