import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from '@js/core';
import { referenceEasy } from '@js/disciplines-backfill/testing';
import { openWorkload, readSwf } from '@js/workloads';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, schedlab, trace } from './cli.test-support.ts';

/** Every built-in discipline, in the order `list` shows them and `compare` runs them. */
const builtinDisciplines = [
  'fcfs',
  'fcfs-ff',
  'easy',
  'easy-bl',
  'easy-bb',
  'conservative',
  'unc',
  'dyn-equi',
  'asp',
  'ap1',
  'aep',
  'sdf',
  'sdf-max',
  'asp-1',
  'ap1-1',
  'aep-1',
  'asp-2',
  'ap1-2',
  'aep-2',
  'rtc-sdf',
  'lsf-rtc',
  'lsf-rtc-ad',
  'lsf-rtc-adsubset',
  'lsf-preempt',
  'lsf-preempt-ad',
  'lsf-mig',
  'lsf-mig-ad',
  'lsf-mig-adsubset',
  'lsf-mall-ad',
  'lsf-mall-adsubset',
  'lsf-mlfq',
  'gang-bc',
  'gang-br',
  'gang-brms',
  'gang-brmms-star',
  'gang-brmms',
  'ssp',
  'glts',
  'cst',
  'cstws',
  'glts-fbo',
  'glts-ns',
  'glts-nh',
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-cli-'));
});

describe('schedlab list', () => {
  it('lists every discipline with its source and options', async () => {
    const { code, stdout } = await schedlab('list', '--json');
    expect(code).toBe(0);
    const listed = JSON.parse(stdout) as {
      disciplines: { name: string; source: string }[];
      profiles: { name: string }[];
    };
    expect(listed.disciplines.map((d) => d.name)).toEqual(builtinDisciplines);
    expect(listed.disciplines.every((d) => d.source.length > 0)).toBe(true);
    expect(listed.profiles.map((p) => p.name)).toContain('ideal');
    // An option's type: a JSON type, or the values an enum, a literal or a union of them allows.
    const options = (name: string) =>
      (listed.disciplines as unknown as { name: string; options: Record<string, { type: string }> }[]).find(
        (d) => d.name === name,
      )!.options;
    expect(options('easy-bb').fullness!.type).toBe('false|score|imbalance');
    expect(options('easy-bb').processors!.type).toBe('boolean');
  });
  it('adds a plugin’s disciplines, with their options and defaults', async () => {
    const { stdout } = await schedlab(
      '--plugin',
      fixture('../../../../examples/shortest-first/plugin.ts'),
      'list',
      '--json',
    );
    const listed = JSON.parse(stdout) as {
      disciplines: { name: string; options: Record<string, unknown> }[];
    };
    expect(listed.disciplines.find((d) => d.name === 'shortest-first')?.options).toHaveProperty('maxWait');
  });
});

describe('schedlab run and compare', () => {
  it('with no workload, compares every discipline on the built-in synthetic default', async () => {
    const { code, stdout } = await schedlab('compare', '--json');
    expect(code).toBe(0);
    const reports = JSON.parse(stdout) as {
      discipline: string;
      summary: { status: string; jobs: { finished: number } };
    }[];
    expect(reports.map((r) => r.discipline)).toEqual(builtinDisciplines);
    for (const r of reports)
      expect(r.summary).toMatchObject({ status: 'completed', jobs: { finished: 5000 } });
    // The slowest part: gang schemes rotate 5 s slots through the 5000 long batch jobs (about
    // 600 000 slot boundaries each, a minute and a half for the five together on this machine),
    // and the Scojo-PECT disciplines rebuild their per-type conservative plans every round (half
    // a minute each).
  }, 900_000);

  it('same seed, byte-identical --out; another seed, another schedule', async () => {
    const out = (name: string) => join(dir, name);
    await schedlab('run', '-d', 'easy', '--seed', '5', '--out', out('a.swf'));
    await schedlab('run', '-d', 'easy', '--seed', '5', '--out', out('b.swf'));
    await schedlab('run', '-d', 'easy', '--seed', '6', '--out', out('c.swf'));
    const [a, b, c] = await Promise.all(['a.swf', 'b.swf', 'c.swf'].map((f) => readFile(out(f))));
    expect(a!.length).toBeGreaterThan(100_000);
    expect(b!.equals(a!)).toBe(true);
    expect(c!.equals(a!)).toBe(false);
  });

  it('writes JSON and CSV schedules by extension', async () => {
    await schedlab('run', '-d', 'fcfs', '--out', join(dir, 's.json'));
    await schedlab('run', '-d', 'fcfs', '--out', join(dir, 's.csv'));
    const json = (
      JSON.parse(await readFile(join(dir, 's.json'), 'utf8')) as { jobs: { id: number; wait: number }[] }
    ).jobs;
    const csv = (await readFile(join(dir, 's.csv'), 'utf8')).trim().split('\n');
    expect(json).toHaveLength(5000);
    expect(csv).toHaveLength(5001);
    expect(csv[0]).toMatch(/^id,submit,start,end,wait/);
  });

  it('--resource makes a K-resource machine: a job waits for memory, not processors', async () => {
    const swf = join(dir, 'memory.swf');
    // Two 4-processor jobs on 8 processors, each asking 3 KB per processor (12 KB per job).
    const line = (id: number, submit: number) => `${id} ${submit} -1 100 4 -1 -1 4 100 3 1 1 1 -1 1 -1 -1 -1`;
    await writeFile(swf, ['; MaxProcs: 8', line(1, 0), line(2, 1)].join('\n'));
    const run = async (...extra: string[]) =>
      (
        JSON.parse((await schedlab('run', '-d', 'easy', '--workload', swf, '--json', ...extra)).stdout) as {
          summary: { wait: { max: number } };
        }
      ).summary;
    expect((await run()).wait.max).toBe(0);
    expect((await run('--resource', 'memory=16')).wait.max).toBe(99);
  });

  describe.each([['KTH-SP2-1996-2.1-cln.swf.gz'], ['SDSC-SP2-1998-4.2-cln.swf.gz']])('easy on %s', (file) => {
    it('writes a schedule whose start times match an independent EASY on the same cleaned jobs', async () => {
      const out = join(dir, `${file}.out.swf`);
      const { code } = await schedlab('run', '--discipline', 'easy', '--workload', trace(file), '--out', out);
      expect(code).toBe(0);
      const jobs: Job[] = [];
      const workload = await openWorkload(trace(file));
      for await (const job of workload.jobs) jobs.push(job);
      const expected = referenceEasy(jobs, workload.processors);
      const written = await readSwf(out);
      let compared = 0;
      for await (const j of written.jobs) {
        // Field 3 holds the simulated wait: start = submit + wait.
        expect(j.submit + j.swf![2]!, `job ${j.id}`).toBe(expected.get(j.id));
        compared++;
      }
      expect(compared).toBe(jobs.length);
    });
  });
});

describe('workload models', () => {
  it('generate: the same seed writes the same bytes; list shows every model', async () => {
    const out = (name: string) => join(dir, name);
    for (const [file, seed] of [
      ['g1.swf', '4'],
      ['g2.swf', '4'],
      ['g3.swf', '5'],
    ] as const) {
      const { code } = await schedlab(
        'generate',
        '--model',
        'lublin99',
        '--jobs',
        '2000',
        '--seed',
        seed,
        '--out',
        out(file),
      );
      expect(code).toBe(0);
    }
    const [a, b, c] = await Promise.all(['g1.swf', 'g2.swf', 'g3.swf'].map((f) => readFile(out(f))));
    expect(b!.equals(a!)).toBe(true);
    expect(c!.equals(a!)).toBe(false);
    const listed = JSON.parse((await schedlab('list', '--json')).stdout) as { models: { name: string }[] };
    expect(listed.models.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        'lublin99',
        'feitelson96',
        'downey97',
        'parsons-sevcik-97',
        'sevcik-94',
        'zhou-99',
        'k-resource',
      ]),
    );
  });

  it('a model is a workload of run: malleable Sevcik jobs under dyn-equi, K resources under easy', async () => {
    const spec = join(dir, 'wk4.json');
    await writeFile(spec, JSON.stringify({ kind: 'model', model: 'sevcik-94', jobs: 500, load: 0.5 }));
    const dyn = JSON.parse(
      (await schedlab('run', '-d', 'dyn-equi', '--workload', spec, '--json')).stdout,
    ) as {
      summary: { status: string; jobs: { finished: number } };
    };
    expect(dyn.summary).toMatchObject({ status: 'completed', jobs: { finished: 500 } });
    const k = join(dir, 'k4.json');
    await writeFile(k, JSON.stringify({ kind: 'model', model: 'k-resource', jobs: 500, options: { k: 4 } }));
    const easy = JSON.parse((await schedlab('run', '-d', 'easy', '--workload', k, '--json')).stdout) as {
      summary: { utilisation: { resources: Record<string, number> } };
    };
    // The machine gets the model's four resources, and the jobs use them.
    expect(Object.keys(easy.summary.utilisation.resources)).toHaveLength(4);
    expect(Object.values(easy.summary.utilisation.resources).every((u) => u > 0)).toBe(true);
  });
});

describe('bad input gets a clear, located error (08-quality.md)', () => {
  it('an unknown discipline: the known names and the closest match, no stack trace', async () => {
    const { code, stderr } = await schedlab('run', '-d', 'esay');
    expect(code).toBe(1);
    expect(stderr).toContain("unknown discipline 'esay' (did you mean 'easy'?)");
    expect(stderr).toContain('conservative');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
  it('…and the stack with --debug', async () => {
    const { stderr } = await schedlab('run', '-d', 'esay', '--debug');
    expect(stderr).toMatch(/\n\s+at /);
  });
  it('an invalid option value names the option and the value', async () => {
    const { code, stderr } = await schedlab(
      '--plugin',
      fixture('../../../../examples/shortest-first/plugin.ts'),
      'run',
      '-d',
      'shortest-first',
      '--options',
      '{"maxWait":-5}',
    );
    expect(code).toBe(1);
    expect(stderr).toContain("invalid options for discipline 'shortest-first': maxWait = -5");
  });
  it('a plugin module that does not export a plugin', async () => {
    const { code, stderr } = await schedlab('--plugin', fixture('not-a-plugin.ts'), 'list');
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /plugin module '.*not-a-plugin.ts': exports no plugin: expected a value made with definePlugin/,
    );
    expect(stderr).toContain('found exports: answer');
  });
  it('a plugin that cannot be found', async () => {
    const { code, stderr } = await schedlab('--plugin', '@nobody/no-such-plugin', 'list');
    expect(code).toBe(1);
    expect(stderr).toMatch(/plugin module '@nobody\/no-such-plugin': cannot be imported/);
  });
  it('a discipline that breaks an invariant stops the run, naming discipline, job, time and rule', async () => {
    const { code, stderr } = await schedlab(
      '--plugin',
      fixture('over-committing-plugin.ts'),
      'run',
      '-d',
      'start-everything',
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /discipline 'start-everything', job \d+, time [\d.]+: rule 'no-over-commit' broken/,
    );
  });
  it('a malformed SWF line: file, line and field; --lenient skips and counts it', async () => {
    const swf = join(dir, 'bad.swf');
    const line = (id: number, runtime: string) =>
      `${id} ${id * 10} -1 ${runtime} 4 -1 -1 4 100 -1 1 1 1 -1 1 -1 -1 -1`;
    await writeFile(swf, ['; MaxProcs: 8', line(1, '50'), line(2, 'abc'), line(3, '20')].join('\n'));
    const strict = await schedlab('run', '--workload', swf);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/bad\.swf:3 \(field run time\)/);
    const lenient = await schedlab('run', '--workload', swf, '--lenient', '--json');
    expect(lenient.code).toBe(0);
    const report = JSON.parse(lenient.stdout) as {
      workload: { read: { skippedLines: number } };
      summary: { jobs: { finished: number } };
    };
    expect(report.workload.read.skippedLines).toBe(1);
    expect(report.summary.jobs.finished).toBe(2);
  });
  it('jobs removed by cleaning rules are counted in the summary', async () => {
    const swf = join(dir, 'clean.swf');
    const line = (id: number, runtime: number, size: number) =>
      `${id} ${id * 10} -1 ${runtime} ${size} -1 -1 ${size} 100 -1 1 1 1 -1 1 -1 -1 -1`;
    await writeFile(
      swf,
      ['; MaxProcs: 8', line(1, 50, 4), line(2, 0, 4), line(3, 20, 16), line(4, 500, 2)].join('\n'),
    );
    const { stdout } = await schedlab('run', '--workload', swf, '--json');
    const report = JSON.parse(stdout) as {
      workload: { cleaning: { counts: Record<string, number> } };
      summary: { jobs: { cleaned: number; finished: number } };
    };
    expect(report.workload.cleaning.counts).toMatchObject({
      nonPositiveRuntime: 1,
      widerThanMachine: 1,
      runtimeAboveRequest: 1,
    });
    expect(report.summary.jobs).toMatchObject({ cleaned: 2, finished: 2 });
  });
  it('an interrupted sweep: finished runs are on disk, and running again resumes', async () => {
    const results = join(dir, 'sweep');
    const compare = async () =>
      JSON.parse((await schedlab('compare', '-d', 'fcfs,easy', '--results', results, '--json')).stdout) as {
        discipline: string;
        summary: { wait: { mean: number } };
      }[];
    const first = await compare();
    const files = (await readdir(results)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.json'))).toBe(true);
    // As if the sweep had died during easy: its report is gone, fcfs's is kept. Mark the kept one
    // so the re-run shows whether it was reused or recomputed.
    const easyFile = files.find((f) => f.startsWith('easy-'))!;
    const fcfsFile = join(results, files.find((f) => f.startsWith('fcfs-'))!);
    await rm(join(results, easyFile));
    const kept = JSON.parse(await readFile(fcfsFile, 'utf8'));
    kept.summary.wait.mean = -1;
    await writeFile(fcfsFile, JSON.stringify(kept));
    const second = await compare();
    expect(second.map((r) => [r.discipline, r.summary.wait.mean])).toEqual([
      ['fcfs', -1],
      ['easy', first[1]!.summary.wait.mean],
    ]);
    expect((await readdir(results)).sort()).toEqual(files);
    // Another seed is another run, not a resumed one.
    await schedlab('compare', '-d', 'fcfs', '--results', results, '--seed', '9');
    expect(await readdir(results)).toHaveLength(3);
  });

  it('a workload that saturates the machine ends as saturated with partial figures', async () => {
    const { code, stdout } = await schedlab('run', '-d', 'fcfs', '--max-queued', '50', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      summary: { status: string; jobs: { inSystem: number; finished: number } };
    };
    expect(report.summary.status).toBe('saturated');
    expect(report.summary.jobs.inSystem).toBeGreaterThan(50);
    expect(report.summary.jobs.finished).toBeGreaterThan(0);
  });
  it('…and its --out schedule holds every job that finished, in arrival order', async () => {
    const out = join(dir, 'saturated.csv');
    const { stdout } = await schedlab('run', '-d', 'fcfs-ff', '--max-queued', '50', '--json', '--out', out);
    const finished = (JSON.parse(stdout) as { summary: { jobs: { finished: number } } }).summary.jobs
      .finished;
    const ids = (await readFile(out, 'utf8'))
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => Number(l.split(',')[0]));
    expect(ids).toHaveLength(finished);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});
