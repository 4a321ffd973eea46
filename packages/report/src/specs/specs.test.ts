import { describe, expect, it } from 'vitest';
import { buildCharts, headline } from '../build.ts';
import type { ReportData, RunData } from '../model.ts';
import { toVega } from '../render/vega.ts';
import { rigid, runOf } from '../test-support.ts';

/** The inline data of a chart's Vega-Lite spec (top level, or each row of a concatenation). */
const dataOf = (spec: unknown): Record<string, unknown>[] =>
  ((spec as { data?: { values?: Record<string, unknown>[] } }).data?.values ?? []) as Record<
    string,
    unknown
  >[];

const figures = (wait: number, utilisation: number) => ({
  'wait.mean': wait,
  'response.mean': wait + 10,
  resourceWeightedResponseTime: Number.NaN,
  'boundedSlowdown.mean': 2,
  'boundedSlowdown.p95': 3,
  'wait.max': wait * 2,
  'utilisation.processors': utilisation,
  meanQueueLength: 1,
  makespan: 100,
});

const withFigures = (run: RunData, wait: number, utilisation: number): RunData => ({
  ...run,
  summary: figures(wait, utilisation),
});

const report = (): ReportData => ({
  runs: [
    withFigures(runOf('fcfs', [rigid(1, 0, 0, 10, 0, 3), rigid(2, 0, 10, 20, 0, 7)]), 5, 0.6),
    withFigures(
      runOf('easy', [rigid(1, 0, 0, 10, 0, 3), { ...rigid(2, 0, 0, 10, 4, 7), backfilled: true }]),
      0,
      0.8,
    ),
  ],
  sweeps: [],
  reproductions: [],
});

describe('charts of runs', () => {
  const charts = buildCharts(report());
  const byName = Object.fromEntries(charts.map((c) => [c.name, c]));

  it('come in reading order: table, time series, distributions, a Gantt per run', () => {
    expect(charts.map((c) => c.name)).toEqual([
      'summary',
      'utilisation-queue',
      'distributions',
      'gantt-fcfs',
      'gantt-easy',
    ]);
  });

  it('mark the best value of each figure: lowest wait, highest utilisation, ties all best, NaN never', () => {
    const cells = dataOf(byName.summary!.spec);
    const best = (figure: string) => cells.filter((c) => c.figure === figure && c.best).map((c) => c.run);
    expect(best('mean wait s')).toEqual(['easy']);
    expect(best('utilisation')).toEqual(['easy']);
    expect(best('mean bsld')).toEqual(['fcfs', 'easy']);
    expect(best('res-weighted resp s')).toEqual([]);
    expect(cells).toHaveLength(2 * 9);
  });

  it('say who wins in words', () => {
    expect(headline(report())).toContain('lowest mean wait s: easy');
    expect(headline(report())).toContain('highest utilisation: easy');
  });

  it('draw a Gantt bar per segment and range, backfilled ones marked, zoomable', () => {
    const spec = byName['gantt-easy']!.spec as unknown as Record<string, unknown>;
    expect(dataOf(spec).map((b) => [b.job, b.p0, b.p1, b.kind])).toEqual([
      [1, 0, 4, 'started'],
      [2, 4, 8, 'backfilled'],
    ]);
    expect(spec.mark).toMatchObject({ type: 'rect' });
    expect(spec.params).toEqual([expect.objectContaining({ name: 'zoom', bind: 'scales' })]);
  });

  it('put both runs’ time series on one time axis and their ECDFs on log axes', () => {
    const series = dataOf(byName['utilisation-queue']!.spec);
    expect(new Set(series.map((p) => p.run))).toEqual(new Set(['fcfs', 'easy']));
    const panels = (
      byName.distributions!.spec as { hconcat: { encoding: { x: { scale: { type: string } } } }[] }
    ).hconcat;
    expect(panels.map((p) => p.encoding.x.scale.type)).toEqual(['symlog', 'log', 'log']);
  });

  it('compile to Vega without errors', () => {
    for (const chart of charts) expect(toVega(chart).marks?.length).toBeGreaterThan(0);
  });
});

describe('charts of sweeps and reproductions', () => {
  const data: ReportData = {
    runs: [],
    sweeps: [
      {
        name: 'grid',
        source: 's',
        confidence: 0.95,
        missingCells: 0,
        rows: [
          {
            metric: 'wait.mean',
            workload: 'w',
            discipline: 'easy',
            load: 0.5,
            seeds: 3,
            mean: 10,
            halfWidth: 2,
          },
          {
            metric: 'wait.mean',
            workload: 'w',
            discipline: 'easy',
            load: 0.9,
            seeds: 3,
            mean: Number.POSITIVE_INFINITY,
            halfWidth: Number.NaN,
          },
        ],
      },
    ],
    reproductions: [
      {
        name: 'zhou-99',
        paper: 'zhou-99',
        source: 'r',
        figures: [
          {
            name: 'r_a',
            points: [
              { series: 'BC', load: 0.5, ours: 0.4, halfWidth: 0.1, paper: 0.46 },
              { series: 'BC', load: 0.9, ours: 0.6, paper: 0.6 },
            ],
          },
        ],
      },
    ],
  };
  const charts = buildCharts(data);

  it('draw load curves with their confidence band, leaving saturated points out and saying so', () => {
    const curves = charts.find((c) => c.name === 'load-grid')!;
    expect(dataOf(curves.spec)).toEqual([
      { metric: 'wait.mean', workload: 'w', discipline: 'easy', load: 0.5, mean: 10, lower: 8, upper: 12 },
    ]);
    expect(curves.note).toContain('1 saturated');
    expect(JSON.stringify(curves.spec)).toContain('errorband');
  });

  it('put the paper’s curve beside ours', () => {
    const chart = charts.find((c) => c.name === 'reproduce-zhou-99')!;
    const row = (chart.spec as { vconcat: { hconcat: { title: string }[] }[] }).vconcat[0]!;
    expect(row.hconcat.map((p) => p.title)).toEqual(['r_a: ours', 'r_a: paper']);
    for (const c of charts) expect(toVega(c).marks?.length).toBeGreaterThan(0);
  });
});
