import { access, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, schedlab } from './cli.test-support.ts';

const neverStarting = fixture('never-starting-plugin.ts');

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** An SWF job line: id, submit, run time (also its request), processors, queue number. */
const swfLine = (id: number, submit: number, runtime: number, size: number, queue = -1) =>
  `${id} ${submit} -1 ${runtime} ${size} -1 -1 ${size} ${runtime} -1 1 1 1 -1 ${queue} -1 -1 -1`;

interface Summary {
  status: string;
  jobs: { finished: number; submitted: number };
  wait: { mean: number; max: number };
  response: { mean: number; max: number };
  utilisation: { processors: number };
}

let dir: string;
/** 8 processors; two jobs in queue 1 and three in queue 2, all of 100 s or less. */
let queues: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-engine-'));
  queues = join(dir, 'queues.swf');
  await writeFile(
    queues,
    [
      '; MaxProcs: 8',
      swfLine(1, 0, 100, 2, 1),
      swfLine(2, 0, 100, 2, 1),
      swfLine(3, 0, 100, 2, 2),
      swfLine(4, 0, 100, 2, 2),
      swfLine(5, 10, 50, 4, 2),
    ].join('\n'),
  );
});

describe('run --partition', () => {
  const partitions = ['-p', 'a=fcfs:0-1', '-p', 'b=easy:2-7', '--route', 'queue'];

  it('routes by queue number: each job runs in its partition, with figures per partition and overall', async () => {
    const out = join(dir, 'partitioned.json');
    const { code, stdout } = await schedlab(
      'run',
      '--workload',
      queues,
      ...partitions,
      '--json',
      '--out',
      out,
    );
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      discipline: string;
      summary: Summary;
      partitions: { name: string; discipline: string; first: number; last: number; summary: Summary }[];
      result: { counters: Record<string, unknown> };
    };
    expect(report.discipline).toBe('a=fcfs+b=easy');
    expect(report.partitions.map((p) => [p.name, p.discipline, p.first, p.last])).toEqual([
      ['a', 'fcfs', 0, 1],
      ['b', 'easy', 2, 7],
    ]);
    const [a, b] = report.partitions.map((p) => p.summary);
    expect([a!.jobs.finished, b!.jobs.finished, report.summary.jobs.finished]).toEqual([2, 3, 5]);
    expect([a!.jobs.submitted, b!.jobs.submitted]).toEqual([2, 3]);
    // a's two jobs take turns on its 2 processors (busy all 200 s); b runs jobs 3 and 4 on 4 of
    // its 6, then job 5 (4 processors) when they end: (4·100 + 4·50) / (6·150).
    expect(a!.utilisation.processors).toBe(1);
    expect(b!.utilisation.processors).toBeCloseTo(600 / 900, 12);
    expect(report.summary.utilisation.processors).toBeCloseTo(1000 / 1600, 12);
    expect([a!.wait.max, b!.wait.max, report.summary.wait.max]).toEqual([100, 90, 100]);
    expect(Object.keys(report.result.counters)).toEqual(['a', 'b']);

    const schedule = JSON.parse(await readFile(out, 'utf8')) as {
      jobs: { id: number; start: number; processors: number; partition: string }[];
      counters: Record<string, unknown>;
    };
    expect(Object.keys(schedule.counters)).toEqual(['a', 'b']);
    const records = schedule.jobs;
    expect(records.map((r) => [r.id, r.partition])).toEqual([
      [1, 'a'],
      [2, 'a'],
      [3, 'b'],
      [4, 'b'],
      [5, 'b'],
    ]);
    // Job 2 waits for job 1 although b has 2 processors idle from 0 to 100: it may only use a's.
    expect(records.find((r) => r.id === 2)!.start).toBe(100);
  });

  it('two LSF disciplines side by side (Parsons & Sevcik: several disciplines in one extension)', async () => {
    // Small jobs (≤ 4 simulated processors) to malleable LSF-MALL-AD on 0–3, the rest to
    // migratable LSF-MIG on 4–15, on the paper's platform with demand knowledge.
    const spec = join(dir, 'lsf-partitions.json');
    await writeFile(
      spec,
      JSON.stringify({ kind: 'model', model: 'parsons-sevcik-97', jobs: 200, options: { maxProcessors: 8 } }),
    );
    const out = join(dir, 'lsf-partitions-out.json');
    const args = ['-p', 'small=lsf-mall-ad:0-3', '-p', 'large=lsf-mig:4-15', '--profile', 'lsf-now-97'];
    const { code, stderr } = await schedlab('run', '-w', spec, ...args, '--knowledge', 'demand', '-o', out);
    expect(code, stderr).toBe(0);
    const { jobs } = JSON.parse(await readFile(out, 'utf8')) as {
      jobs: { id: number; partition: string; processors: number }[];
    };
    expect(jobs).toHaveLength(200);
    const small = jobs.filter((j) => j.partition === 'small');
    const large = jobs.filter((j) => j.partition === 'large');
    expect(small.length).toBeGreaterThan(0);
    expect(large.length).toBeGreaterThan(0);
    expect(small.length + large.length).toBe(200);
    // Each runs within its partition's processors.
    for (const j of small) expect(j.processors).toBeLessThanOrEqual(4);
    for (const j of large) expect(j.processors).toBeLessThanOrEqual(12);
  });

  it('prints one row per partition and one overall', async () => {
    const { code, stdout } = await schedlab('run', '--workload', queues, ...partitions);
    expect(code).toBe(0);
    expect(stdout).toMatch(/│ a \(fcfs, 0-1\)\s+│ completed │\s+2 │/);
    expect(stdout).toMatch(/│ b \(easy, 2-7\)\s+│ completed │\s+3 │/);
    expect(stdout).toMatch(/│ overall\s+│ completed │\s+5 │/);
  });

  it.each([
    [['-p', 'a=fcfs:0-3', '-p', 'b=easy:3-7'], "partitions 'a' and 'b' both hold processor 3"],
    [['-p', 'a=fcfs:0-3', '-p', 'b=easy:4-8'], "partition 'b': processors 4-8 are not a range within 0-7"],
    [['-p', 'a=fcfs:0-3', '-p', 'a=easy:4-7'], "partition 'a' is named twice"],
    [['-p', 'a=fcfz:0-3'], "unknown discipline 'fcfz' (did you mean 'fcfs'?)"],
    [['-p', 'a=fcfs0-3'], 'expected NAME=DISCIPLINE:FIRST-LAST'],
    [['-p', 'a=fcfs:0-7', '--route', 'qeue'], "unknown route 'qeue' (did you mean 'queue'?)"],
  ])('%j fails before the run with a coded error', async (flags, message) => {
    const out = join(dir, `bad-partition-${Math.random()}.json`);
    const { code, stderr } = await schedlab('run', '--workload', queues, ...flags, '--out', out);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^schedlab: error [A-Z_]+: /);
    expect(stderr).toContain(message);
    expect(await exists(out)).toBe(false);
  });
});

describe('a stalled run', () => {
  it('exits 3 with RUN_STALLED and who waits and why; --json still prints the report, counters included', async () => {
    const out = join(dir, 'stalled.json');
    const { code, stdout, stderr } = await schedlab(
      '--plugin',
      neverStarting,
      'run',
      '-d',
      'never-start',
      '--workload',
      queues,
      '--json',
      '--out',
      out,
    );
    expect(code).toBe(3);
    const report = JSON.parse(stdout) as {
      summary: { status: string };
      result: {
        status: string;
        counters: Record<string, Record<string, number>>;
        stall: { waiting: number; jobs: string[] };
      };
    };
    expect(report.summary.status).toBe('stalled');
    expect(report.result.status).toBe('stalled');
    expect(report.result.stall.waiting).toBe(5);
    expect(report.result.stall.jobs).toHaveLength(5);
    expect(report.result.counters).toEqual({ 'never-start': { rounds: 2, waiting: 5 } });
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toMatch(
      /^schedlab: error RUN_STALLED: never-start on .* stalled at time 10: 5 jobs left waiting/,
    );
    expect(lines.slice(1)).toEqual(report.result.stall.jobs.map((s) => `  ${s}`));
    expect(lines[1]).toContain('job 1 (pending, 2 processors, never-start)');
    // The schedule holds the jobs that left (none) and the discipline's counters.
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual({
      jobs: [],
      counters: { 'never-start': { rounds: 2, waiting: 5 } },
    });
  });

  it('compare exits 3 too, after its table', async () => {
    const { code, stdout, stderr } = await schedlab(
      '--plugin',
      neverStarting,
      'compare',
      '-d',
      'fcfs,never-start',
      '--workload',
      queues,
    );
    expect(code).toBe(3);
    expect(stdout).toMatch(/│ fcfs\s+│ completed │/);
    expect(stdout).toMatch(/│ never-start\s+│ stalled\s+│/);
    expect(stderr).toMatch(/error RUN_STALLED: never-start on/);
    expect(stderr).not.toMatch(/fcfs on/);
  });
});

describe('platform profiles, contention models and stop rules reach the run', () => {
  /** Two 8-processor jobs of 100 s, both at time 0, on 8 processors: one after the other. */
  let serial: string;
  beforeAll(async () => {
    serial = join(dir, 'serial.swf');
    await writeFile(serial, ['; MaxProcs: 8', swfLine(1, 0, 100, 8), swfLine(2, 0, 100, 8)].join('\n'));
  });
  const summary = async (...flags: string[]) => {
    const { code, stdout, stderr } = await schedlab(
      'run',
      '-d',
      'fcfs',
      '--workload',
      serial,
      '--json',
      ...flags,
    );
    expect(code, stderr).toBe(0);
    return (JSON.parse(stdout) as { summary: Summary }).summary;
  };

  it('lsf-now-97 dispatches in 30 s: the second job waits 130 s instead of 100, responses grow by 30 s each', async () => {
    const ideal = await summary();
    const lsf = await summary('--profile', 'lsf-now-97');
    expect([ideal.wait.max, ideal.response.max]).toEqual([100, 200]);
    expect([lsf.wait.max, lsf.response.max]).toEqual([130, 260]);
    expect(lsf.response.mean - ideal.response.mean).toBe(45);
  });

  it('--stop tagged-left:1 ends the run when the first job has left', async () => {
    const s = await summary('--stop', 'tagged-left:1', '--contention', 'none');
    expect(s.status).toBe('stopped');
    expect(s.jobs.finished).toBe(1);
  });

  it.each([
    ['none', { demand: 0, speedup: 0, executionTime: 0 }],
    ['demand', { demand: 50, speedup: 0, executionTime: 0 }],
    ['speedup', { demand: 0, speedup: 50, executionTime: 0 }],
    ['both', { demand: 50, speedup: 50, executionTime: 50 }],
  ])('--knowledge %s: disciplines see exactly that of each job', async (knowledge, seen) => {
    const spec = join(dir, 'sevcik.json');
    await writeFile(spec, JSON.stringify({ kind: 'model', model: 'sevcik-94', jobs: 50, load: 0.5 }));
    const { code, stdout, stderr } = await schedlab(
      '--plugin',
      fixture('knowledge-probe-plugin.ts'),
      'run',
      '-d',
      'knowledge-probe',
      '-w',
      spec,
      '--knowledge',
      knowledge,
      '--json',
    );
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout).result.counters['knowledge-probe']).toEqual(seen);
  });

  it.each([
    [
      ['--profile', 'lsf-now97'],
      "UNKNOWN_NAME: unknown platform profile 'lsf-now97' (did you mean 'lsf-now-97'?)",
    ],
    [['--contention', 'nonee'], "UNKNOWN_NAME: unknown contention model 'nonee' (did you mean 'none'?)"],
    [['--stop', 'tagged-left:x'], "CONFIG_ERROR: stop rule 'tagged-left:x': the number of jobs must be"],
    [['--stop', 'all-gone'], "CONFIG_ERROR: unknown stop rule 'all-gone'; known: all-left, tagged-left:N"],
    [
      ['--placement', '{"maxJobsPerNode":0}'],
      'INVALID_OPTION: invalid options for placement rules: maxJobsPerNode',
    ],
  ])('%j fails before any work with a coded error', async (flags, message) => {
    // The workload does not exist: the name is checked before it would be opened.
    for (const command of ['run', 'compare']) {
      const { code, stderr } = await schedlab(command, '--workload', join(dir, 'missing.swf'), ...flags);
      expect(code).toBe(1);
      expect(stderr).toContain(`schedlab: error ${message}`);
    }
  });
});

describe('schedlab list', () => {
  it('shows capabilities, every profile value, contention models and stop rules', async () => {
    const { code, stdout } = await schedlab('list', '--json');
    expect(code).toBe(0);
    const listed = JSON.parse(stdout) as {
      disciplines: { name: string; capabilities: { sizing: string; preemption: string } }[];
      profiles: Record<string, unknown>[];
      contention: { name: string; summary: string; source: string }[];
      stopRules: { syntax: string; summary: string; source: string }[];
    };
    const capabilities = Object.fromEntries(listed.disciplines.map((d) => [d.name, d.capabilities]));
    expect(capabilities.easy).toEqual({ sizing: 'rigid', preemption: 'none' });
    expect(capabilities['dyn-equi']).toEqual({ sizing: 'malleable', preemption: 'resize' });
    expect(listed.profiles.find((p) => p.name === 'lsf-now-97')).toMatchObject({
      dispatch: 30,
      checkpoint: 60,
      resizeRelative: 0.1,
      decisionInterval: 5,
      minRunBeforeSuspend: 60,
      minRunBeforeReallocation: 600,
      multiprogrammingLimit: 5,
      source: expect.stringContaining('Parsons & Sevcik 1997'),
    });
    expect(listed.profiles.find((p) => p.name === 'ideal')).toMatchObject({ multiprogrammingLimit: null });
    expect(listed.contention.map((c) => c.name)).toContain('none');
    expect(listed.stopRules.map((r) => r.syntax)).toEqual(['all-left', 'tagged-left:N', 'saturation:M,K']);

    const text = (await schedlab('list')).stdout;
    const lsfAt = text.indexOf('│ lsf-now-97');
    const lsfRow = text.slice(lsfAt, text.indexOf('├', lsfAt));
    expect(lsfRow).toContain('decisionInterval: 5');
    expect(lsfRow).toContain('multiprogrammingLimit: 5');
    expect(text).toMatch(/│ dyn-equi\s+│.*│ sizing: malleable\s+│/);
    expect(text).toContain('preemption: resize');
    expect(text).toMatch(/│ contention model │/);
    expect(text).toMatch(/│ saturation:M,K\s+│/);
  });
});
