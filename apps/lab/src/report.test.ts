import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedlab, swfTrace } from './cli.test-support.ts';

let dir: string;
let trace: string;
let schedule: string;

/**
 * 8 processors. Job 1 holds 6 of them 0–100; job 2 needs all 8 and waits for it; job 3 (2
 * processors, 80 s) arrives at 10 and fits beside job 1, ending before job 2's reservation: EASY
 * backfills it, FCFS does not.
 */
const jobs = [
  [1, 0, 100, 6],
  [2, 0, 50, 8],
  [3, 10, 80, 2],
  [4, 20, 30, 4],
  [5, 30, 20, 2],
] as const;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-report-'));
  trace = join(dir, 'small.swf');
  await writeFile(trace, swfTrace(8, jobs));
  schedule = join(dir, 'easy.json');
  const run = await schedlab('run', '-d', 'easy', '-w', trace, '--out', schedule);
  expect(run.code, run.stderr).toBe(0);
});

/** The Vega specs a report carries, by chart name. */
async function chartsOf(
  html: string,
): Promise<Record<string, { data: { name: string; values?: Record<string, unknown>[] }[] }>> {
  const text = await readFile(html, 'utf8');
  const json = /<script type="application\/json" id="schedlab-charts">(.*?)<\/script>/s.exec(text)![1]!;
  const charts = JSON.parse(json) as {
    name: string;
    vega: { data: { name: string; values?: Record<string, unknown>[] }[] };
  }[];
  return Object.fromEntries(charts.map((c) => [c.name, c.vega]));
}

const barsOf = (vega: { data: { values?: Record<string, unknown>[] }[] }) =>
  vega.data.find((d) => d.values)!.values!;

describe('compare --report and run --report', () => {
  it('compare writes one report: table, time series, distributions and a Gantt per discipline with every job', async () => {
    const out = join(dir, 'compare.html');
    const { code, stderr } = await schedlab('compare', '-d', 'fcfs,easy', '-w', trace, '--report', out);
    expect(code, stderr).toBe(0);
    const charts = await chartsOf(out);
    expect(Object.keys(charts)).toEqual([
      'summary',
      'utilisation-queue',
      'distributions',
      'gantt-fcfs',
      'gantt-easy',
    ]);
    for (const name of ['gantt-fcfs', 'gantt-easy'])
      expect(new Set(barsOf(charts[name]!).map((b) => b.job))).toEqual(new Set([1, 2, 3, 4, 5]));
    const backfilled = (name: string) =>
      barsOf(charts[name]!)
        .filter((b) => b.kind === 'backfilled')
        .map((b) => b.job);
    expect(backfilled('gantt-easy')).toContain(3);
    expect(backfilled('gantt-fcfs')).toEqual([]);
  });

  it('run --report draws the same bars as its --out schedule has segments', async () => {
    const out = join(dir, 'run.html');
    const scheduleOut = join(dir, 'run-schedule.json');
    const { code, stderr } = await schedlab(
      'run',
      '-d',
      'easy',
      '-w',
      trace,
      '--out',
      scheduleOut,
      '--report',
      out,
    );
    expect(code, stderr).toBe(0);
    const written = JSON.parse(await readFile(scheduleOut, 'utf8')) as {
      jobs: { id: number; segments: { from: number; to: number; processors: [number, number][] }[] }[];
    };
    const expected = written.jobs.flatMap((j) =>
      j.segments.flatMap((s) => s.processors.map(([p0, p1]) => [j.id, s.from, s.to, p0, p1 + 1])),
    );
    const bars = barsOf((await chartsOf(out))['gantt-easy']!).map((b) => [b.job, b.from, b.to, b.p0, b.p1]);
    expect(bars.sort()).toEqual(expected.sort());
  });

  it('draws replicated runs by their intervals, and refuses an output that is an input before any run', async () => {
    const out = join(dir, 'r.html');
    const replicated = await schedlab(
      'compare',
      '-d',
      'fcfs,easy',
      '--replicate',
      '--warm-up',
      '20',
      '--measured',
      '200',
      '--max-replications',
      '3',
      '--report',
      out,
    );
    expect(replicated.code, replicated.stderr).toBe(0);
    const charts = await chartsOf(out);
    expect(Object.keys(charts)).toEqual(expect.arrayContaining(['replicated', 'replicated-intervals']));
    // No single run to draw: no Gantt, no time series.
    expect(Object.keys(charts).some((name) => name.startsWith('gantt'))).toBe(false);
    const overwrite = await schedlab('run', '-w', trace, '--report', trace);
    expect(overwrite.stderr).toMatch(/CONFIG_ERROR: --report .*unknown format/);
  });
});

describe('schedlab report', () => {
  it('reads a schedule and compare --json together', async () => {
    const compared = join(dir, 'compare.json');
    const json = await schedlab('compare', '-d', 'fcfs,easy', '-w', trace, '--json');
    await writeFile(compared, json.stdout);
    const out = join(dir, 'inputs.html');
    const { code, stdout, stderr } = await schedlab(
      'report',
      schedule,
      compared,
      '--out',
      out,
      '--title',
      'two inputs',
    );
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`report written to ${out}`);
    const html = await readFile(out, 'utf8');
    expect(html).toContain('<title>two inputs</title>');
    expect(Object.keys(await chartsOf(out))).toEqual([
      'summary',
      'utilisation-queue',
      'distributions',
      'gantt-easy',
    ]);
  });

  it('writes one chart as SVG (a bar per segment range) and as PNG, without a browser', async () => {
    const svg = join(dir, 'gantt.svg');
    const r = await schedlab('report', schedule, '--figure', 'gantt-easy', '--out', svg);
    expect(r.code, r.stderr).toBe(0);
    const written = JSON.parse(await readFile(schedule, 'utf8')) as {
      jobs: { segments: { processors: unknown[] }[] }[];
    };
    const ranges = written.jobs.flatMap((j) => j.segments.flatMap((s) => s.processors)).length;
    expect((await readFile(svg, 'utf8')).match(/aria-label="job \d+"/g)).toHaveLength(ranges);
    const png = join(dir, 'gantt.png');
    expect(
      (await schedlab('report', schedule, '--figure', 'gantt-easy', '--format', 'png', '--out', png)).code,
    ).toBe(0);
    expect([...(await readFile(png)).subarray(1, 4)]).toEqual([...Buffer.from('PNG')]);
  });

  it('names the charts it has when --figure names another, and checks --format against --out', async () => {
    const unknown = await schedlab('report', schedule, '--figure', 'gantt', '--out', join(dir, 'x.svg'));
    expect(unknown.stderr).toMatch(/CONFIG_ERROR: --figure gantt: no such chart .*gantt-easy/);
    const clash = await schedlab(
      'report',
      schedule,
      '--figure',
      'gantt-easy',
      '--format',
      'png',
      '--out',
      join(dir, 'x.svg'),
    );
    expect(clash.stderr).toMatch(/CONFIG_ERROR: --format png but --out .*x\.svg/);
  });

  it('locates bad input, and leaves the previous report as it was', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ jobs: [{ id: 1, submit: 0, start: -1, end: 1 }] }));
    const out = join(dir, 'kept.html');
    await writeFile(out, 'previous');
    const { code, stderr } = await schedlab('report', bad, '--out', out);
    expect(code).toBe(1);
    expect(stderr).toContain(`INPUT_ERROR: ${bad} (field jobs[0].start)`);
    expect(await readFile(out, 'utf8')).toBe('previous');
  });

  it('never overwrites an input', async () => {
    const { code, stderr } = await schedlab('report', schedule, '--figure', 'gantt-easy', '--out', schedule);
    expect(code).toBe(1);
    expect(stderr).toMatch(/CONFIG_ERROR: --out/);
  });
});
