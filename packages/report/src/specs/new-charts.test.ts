import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCharts } from '../build.ts';
import { readInputs } from '../read/inputs.ts';
import { renderFigure } from '../render/figure.ts';
import { runOf } from '../test-support.ts';

const gangJob = (id: number, segments: [number, number, number, number, number][]) => ({
  id,
  submit: 0,
  start: segments[0]![0],
  end: segments[segments.length - 1]![1],
  processors: segments[0]![3] - segments[0]![2] + 1,
  boundedSlowdown: 1,
  backfilled: false,
  segments: segments.map(([from, to, first, last, slot]) => ({
    from,
    to,
    processors: [[first, last]] as [number, number][],
    began: 'resume',
    slot,
  })),
});

describe('the charts this round adds render headlessly', () => {
  it('a gang Gantt: a panel per slot, each with its own jobs’ bars', async () => {
    const run = runOf(
      'gang-brmms',
      [
        gangJob(1, [[0, 5, 0, 1, 0]]),
        gangJob(2, [
          [0, 5, 2, 3, 0],
          [5, 10, 2, 3, 1],
        ]),
        gangJob(3, [[5, 10, 0, 1, 1]]),
      ],
      4,
    );
    const charts = buildCharts({ runs: [run], sweeps: [], reproductions: [] });
    const gantt = charts.find((c) => c.name === 'gantt-gang-brmms')!;
    const svg = (await renderFigure(gantt, 'svg', [])).toString('utf8');
    // Facet headers name the slots; four bars (job 2 once per slot).
    expect(svg).toMatch(/>0<\/text>[\s\S]*>1<\/text>/);
    expect((svg.match(/job [123]/g) ?? []).length).toBe(4);
  });

  it('a reproduction whose JSON carries the paper’s findings in words shows them beside our figures', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schedlab-report-findings-'));
    await writeFile(
      join(dir, 'l.csv'),
      'k,law,queue,load,discipline,metric,gain,halfWidth,seeds,saturated\n2,uniform,16,0.5,easy-bb,response,0.2,0.05,2,0\n2,uniform,16,0.5,conservative,response,-0.1,0.02,2,0\n',
    );
    const findings = ['Paper: BB-EASY beats FF-EASY by 10–50 % in average response time,', 'CONS is worst.'];
    await writeFile(
      join(dir, 'l.json'),
      JSON.stringify({ paper: 'Leinberger 1999', paperFindings: findings }),
    );
    const data = await readInputs([join(dir, 'l.json')]);
    expect(data.reproductions[0]!.findings).toEqual(findings);
    const [chart] = buildCharts(data);
    expect(chart!.note).toMatch(/findings in words beside our figures/);
    const svg = (await renderFigure(chart!, 'svg', [])).toString('utf8');
    expect(svg).toContain('The paper');
    expect(svg).toContain('BB-EASY beats FF-EASY by 10–50 % in average');
    expect(svg).toContain('CONS is worst.');
  });

  it('a list of findings that is not text is refused, located', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schedlab-report-findings-'));
    await writeFile(join(dir, 'l.csv'), 'discipline,gain\na,1\n');
    await writeFile(join(dir, 'l.json'), JSON.stringify({ paper: 'x', paperFindings: [1] }));
    await expect(readInputs([join(dir, 'l.json')])).rejects.toThrow(/paperFindings/);
  });

  it('replicated runs: the table and the interval bars render', async () => {
    const figures = {
      'wait.mean': { mean: 10, halfWidth: 1, confidence: 0.95, replications: 3 },
      'response.mean': { mean: 20, halfWidth: Number.POSITIVE_INFINITY, confidence: 0.95, replications: 1 },
    };
    const replicated = ['fcfs', 'easy'].map((label) => ({
      label,
      source: 't',
      workload: 'w',
      statistic: 'response.mean',
      stop: 'converged',
      replications: 3,
      figures,
    }));
    const charts = buildCharts({ runs: [], sweeps: [], reproductions: [], replicated });
    for (const chart of charts) {
      const svg = (await renderFigure(chart, 'svg', [])).toString('utf8');
      expect(svg.length, chart.name).toBeGreaterThan(1000);
    }
    const table = (await renderFigure(charts[0]!, 'svg', [])).toString('utf8');
    expect(table).toContain('10 ± 1');
    expect(table).toContain('20 ± ∞');
  });
});
