import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@js/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { readInputs } from './inputs.ts';
import { reproductionFromCsv } from './reproduction.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-report-read-'));
});

const job = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  submit: 0,
  start: 5,
  end: 15,
  wait: 5,
  response: 15,
  runTime: 10,
  processors: 2,
  slowdown: 1.5,
  boundedSlowdown: 1.5,
  ending: 'finished',
  backfilled: id === 2,
  segments: [{ from: 5, to: 15, processors: [[0, 1]], began: 'start' }],
  ...extra,
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

/** The located error `readInputs` throws for these files. */
async function failure(...paths: string[]): Promise<InputError> {
  const error = await readInputs(paths).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('reading a schedule (run --out x.json)', () => {
  it('keeps every job and segment, names the run after its counters and sizes the machine by the processors used', async () => {
    const path = await file(
      's.json',
      JSON.stringify({
        jobs: [
          job(1),
          job(2, {
            segments: [
              {
                from: 5,
                to: 15,
                processors: [
                  [2, 5],
                  [7, 7],
                ],
                began: 'start',
              },
            ],
          }),
        ],
        counters: { easy: {} },
      }),
    );
    const { runs } = await readInputs([path]);
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run.label).toBe('easy');
    expect(run.processors).toBe(8);
    expect(run.jobs!.id).toEqual([1, 2]);
    expect(run.segments!.rangeFirst).toEqual([0, 2, 7]);
    expect(run.segments!.rangeStart).toEqual([0, 1, 3]);
    expect(run.segments!.backfilled).toEqual([false, true]);
  });

  it('names the record and field of a bad value', async () => {
    const path = await file(
      'bad-segment.json',
      JSON.stringify({
        jobs: [job(1), job(2, { segments: [{ from: 5, to: 3, processors: [[0, 1]], began: 'start' }] })],
      }),
    );
    const error = await failure(path);
    expect(error.code).toBe('INPUT_ERROR');
    expect(error.source).toBe(path);
    expect(error.field).toBe('jobs[1].segments[0].to');
    expect(error.message).toContain('ends before it begins');
  });

  it('reads a periodic segment, and names one whose period is missing or shorter than a stretch', async () => {
    const periodic = { from: 0, to: 5, processors: [[0, 1]], began: 'resume', slot: 0, period: 10, count: 3 };
    const good = await file('periodic.json', JSON.stringify({ jobs: [job(1, { segments: [periodic] })] }));
    const run = (await readInputs([good])).runs[0]!;
    expect([run.segments!.period, run.segments!.count]).toEqual([[10], [3]]);
    for (const [name, bad, message] of [
      ['no-count', { ...periodic, count: undefined }, 'both its period and its count'],
      ['overlap', { ...periodic, period: 4 }, 'period is shorter than a stretch'],
      ['zero-count', { ...periodic, count: 0 }, ''],
    ] as const) {
      const path = await file(
        `${name}.json`,
        JSON.stringify({ jobs: [job(1), job(2, { segments: [bad] })] }),
      );
      const error = await failure(path);
      expect(error.field, name).toMatch(/^jobs\[1\]\.segments\[0\]\.(period|count)$/);
      expect(error.message).toContain(message);
    }
  });

  it('reads a schedule laid out as run --out writes it a line at a time, to the same run', async () => {
    const jobs = [
      job(1),
      job(2, {
        segments: [{ from: 5, to: 6, processors: [[0, 1]], began: 'resume', slot: 1, period: 3, count: 4 }],
      }),
      job(3, { boundedSlowdown: null }),
    ];
    const counters = { 'gang-bc': { n_a: 1.5, r_a: null } };
    // The writer's layout: the head alone, a record a line, the counters on the last line.
    const lines = [
      '{"jobs":[',
      ...jobs.map((j, i) => `${i ? ',' : ''}${JSON.stringify(j)}`),
      `],"counters":${JSON.stringify(counters)}}`,
    ];
    const byLine = await file('lines.json', `${lines.join('\n')}\n`);
    const whole = await file('lines-whole.json', JSON.stringify({ jobs, counters }, null, 1));
    const [a, b] = [(await readInputs([byLine])).runs[0]!, (await readInputs([whole])).runs[0]!];
    expect({ ...a, source: '' }).toEqual({ ...b, source: '' });
    expect(a.counters['gang-bc']!.r_a).toBeNaN();
    // No jobs, and CRLF line ends.
    const empty = await file('empty-lines.json', '{"jobs":[\r\n],"counters":{"easy":{}}}\r\n');
    expect((await readInputs([empty])).runs[0]!.jobs!.id).toEqual([]);
  });

  it('names the line of a bad record, a cut-short file and text after the end, read a line at a time', async () => {
    const bad = await file(
      'lines-bad.json',
      [
        '{"jobs":[',
        JSON.stringify(job(1)),
        `,${JSON.stringify(job(2, { segments: [{ from: 5, to: 3, processors: [[0, 1]], began: 'start' }] }))}`,
        '],"counters":{}}',
      ].join('\n'),
    );
    const error = await failure(bad);
    expect([error.line, error.field]).toEqual([3, 'jobs[1].segments[0].to']);
    const broken = await file(
      'lines-broken.json',
      ['{"jobs":[', '{"id":1,,}', '],"counters":{}}'].join('\n'),
    );
    expect((await failure(broken)).line).toBe(2);
    // Begun like a written schedule but with a record over several lines: read whole.
    const spread = JSON.stringify(job(1), null, 1);
    const multi = await file('lines-spread.json', ['{"jobs":[', spread, '],"counters":{}}'].join('\n'));
    expect((await readInputs([multi])).runs[0]!.jobs!.id).toEqual([1]);
    const cut = await file('lines-cut.json', ['{"jobs":[', JSON.stringify(job(1))].join('\n'));
    expect((await failure(cut)).message).toMatch(/cut short/);
    const after = await file('lines-after.json', ['{"jobs":[', '],"counters":{}}', 'more'].join('\n'));
    expect((await failure(after)).line).toBe(3);
  });

  it('names an unknown way a segment began', async () => {
    const path = await file(
      'bad-began.json',
      JSON.stringify({
        jobs: [job(1, { segments: [{ from: 0, to: 1, processors: [[0, 0]], began: 'teleport' }] })],
      }),
    );
    expect((await failure(path)).field).toBe('jobs[0].segments[0].began');
  });

  it('gives the line of a JSON syntax error', async () => {
    const path = await file('broken.json', '{\n"jobs": [\n{"id": 1,,}\n]}');
    const error = await failure(path);
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/not valid JSON/);
  });
});

describe('reading run and compare --json', () => {
  const report = (discipline: string, wait: number | null) => ({
    discipline,
    workload: { name: 'w', processors: 16 },
    result: { status: 'completed', counters: { [discipline]: { backfilled: 3 } } },
    summary: {
      status: 'completed',
      wait: { mean: wait, max: 9, p95: 8 },
      response: { mean: 20 },
      boundedSlowdown: { mean: 2, p95: 3 },
      resourceWeightedResponseTime: null,
      utilisation: { processors: 0.5 },
      meanQueueLength: 1,
      makespan: 100,
    },
  });

  it('reads each run’s figures, null as NaN', async () => {
    const path = await file('compare.json', JSON.stringify([report('fcfs', 4), report('easy', null)]));
    const { runs } = await readInputs([path]);
    expect(runs.map((r) => r.label)).toEqual(['fcfs', 'easy']);
    expect(runs[0]!.summary!['wait.mean']).toBe(4);
    expect(runs[1]!.summary!['wait.mean']).toBeNaN();
    expect(runs[0]!.processors).toBe(16);
    expect(runs[0]!.jobs).toBeUndefined();
  });

  it('locates a bad figure in the list', async () => {
    const bad = report('easy', 1);
    (bad.summary as Record<string, unknown>).makespan = 'long';
    const path = await file('bad-compare.json', JSON.stringify([report('fcfs', 1), bad]));
    expect((await failure(path)).field).toBe('[1].summary.makespan');
  });
});

describe('reading sweeps and other inputs', () => {
  it('reads a sweep directory’s summary.json, a mean written as null as NaN', async () => {
    const sweep = join(dir, 'sweep');
    await mkdir(sweep, { recursive: true });
    const rows = [
      {
        metric: 'response.mean',
        workload: 'w',
        discipline: 'easy',
        load: 0.5,
        seeds: 2,
        mean: 10,
        halfWidth: 1,
      },
      {
        metric: 'response.mean',
        workload: 'w',
        discipline: 'easy',
        load: 0.9,
        seeds: 2,
        mean: null,
        halfWidth: null,
      },
    ];
    await writeFile(
      join(sweep, 'summary.json'),
      JSON.stringify({ sweep: 'g', confidence: 0.95, missingCells: 0, rows }),
    );
    const { sweeps } = await readInputs([sweep]);
    expect(sweeps[0]!.rows.map((r) => r.mean)).toEqual([10, Number.NaN]);
  });

  it('asks for summarize on a sweep directory without a summary', async () => {
    const sweep = join(dir, 'unsummarised');
    await mkdir(sweep, { recursive: true });
    await writeFile(join(sweep, 'results.jsonl'), '');
    expect((await failure(sweep)).message).toContain('schedlab summarize');
  });

  it('refuses a file that is no schedlab result, and a missing file, naming it', async () => {
    expect((await failure(await file('other.json', '{"hello": 1}'))).message).toContain(
      'not a schedlab result',
    );
    const missing = join(dir, 'missing.json');
    expect((await failure(missing)).source).toBe(missing);
  });
});

describe('reading a reproduction', () => {
  it('pairs each figure with its interval and the paper’s value, and a row’s text columns make its series', () => {
    const csv =
      'scheme,load,r_a,r_aHalfWidth,paper_r_a,n_l\nBC,0.5,0.48,0.3,0.46,9\nBR,0.5,0.49,0.31,0.47,9\nBC,0.9,0.6,0.1,0.58,20\n';
    const r = reproductionFromCsv(csv, 'zhou.csv');
    expect(r.name).toBe('zhou');
    expect(r.figures.map((f) => f.name)).toEqual(['r_a']);
    expect(r.figures[0]!.points[2]).toEqual({
      series: 'BC',
      load: 0.9,
      ours: 0.6,
      halfWidth: 0.1,
      paper: 0.58,
    });
  });

  it('takes a halfWidth column for the figure before it, and paperX names', () => {
    const csv =
      'discipline,knowledge,responseTime,responseTimeHalfWidth,meanResponse,halfWidth,paperResponseTime\nlsf,none,5,1,7,2,6\n';
    const r = reproductionFromCsv(csv, 'p.csv');
    const byName = Object.fromEntries(r.figures.map((f) => [f.name, f.points[0]]));
    expect(byName.responseTime).toEqual({ series: 'all', ours: 5, halfWidth: 1, paper: 6 });
    expect(byName.meanResponse).toEqual({ series: 'all', ours: 7, halfWidth: 2 });
  });

  it('names the line whose field count is wrong', () => {
    expect(() => reproductionFromCsv('a,b\n1,2\n3\n', 'r.csv')).toThrow(
      expect.objectContaining({ code: 'INPUT_ERROR', line: 3, source: 'r.csv' }),
    );
  });
});
