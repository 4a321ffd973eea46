import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { RandomStreams } from '@js/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, root, schedlab } from './cli.test-support.ts';

/**
 * `schedlab sweep`, `merge` and `summarize` as a user runs them. One grid of 24 cells (3
 * disciplines × 2 loads × 4 seeds, 1000 jobs on 16 processors each) is run once with one worker;
 * every other way of running it must give the same results.
 */
let dir: string;
let sweepFile: string;
const baseline = () => join(dir, 'baseline');

const grid = `name: grid
disciplines: [fcfs, easy, { name: conservative }]
workloads:
  - kind: synthetic
    jobs: 1000
    processors: 16
    load: 0.5
    sizes: { kind: log-uniform, min: 1, max: 16 }
    runtimes: { kind: exponential, mean: 300 }
loads: [0.5, 0.8]
seeds: [1, 2, 3, 4]
`;

/** The lines of a results directory, in the order of their cell ids (lines may arrive in any order). */
async function lines(results: string): Promise<string[]> {
  return (await readFile(join(results, 'results.jsonl'), 'utf8')).split('\n').filter(Boolean).sort();
}

async function ok(...args: string[]): Promise<string> {
  const r = await schedlab(...args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

const skipped = (stdout: string) => Number(/skipped (\d+) already in/.exec(stdout)?.[1]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-sweep-'));
  sweepFile = join(dir, 'grid.yaml');
  await writeFile(sweepFile, grid);
  await ok('sweep', sweepFile, '--results', baseline(), '--workers', '1');
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('sweep: one worker, two workers and four shards merged give the same results', () => {
  it('the same results lines and byte-identical summary.json', async () => {
    const shards = [0, 1, 2, 3].map((i) => join(dir, `shard-${i}`));
    const merged = join(dir, 'merged');
    const two = join(dir, 'two');
    await Promise.all([
      ok('sweep', sweepFile, '--results', two, '--workers', '2'),
      ...shards.map((s, i) => ok('sweep', sweepFile, '--results', s, '--shard', `${i}/4`, '--workers', '1')),
    ]);
    await ok('merge', ...shards, '--out', merged);
    const expected = await lines(baseline());
    expect(expected).toHaveLength(24);
    expect(await lines(two)).toEqual(expected);
    // Merged lines come sorted by cell id already.
    expect((await readFile(join(merged, 'results.jsonl'), 'utf8')).split('\n').filter(Boolean)).toEqual(
      expected,
    );
    const tables = await Promise.all([baseline(), two, merged].map((d) => ok('summarize', d)));
    expect(tables[0]).toMatch(/response\.mean on synthetic: mean ± 95 % confidence half-width/);
    const summaries = await Promise.all(
      [baseline(), two, merged].map((d) => readFile(join(d, 'summary.json'), 'utf8')),
    );
    expect(summaries[1]).toBe(summaries[0]);
    expect(summaries[2]).toBe(summaries[0]);

    // merge refuses a cell found nowhere, and one found twice, each named.
    const missing = await schedlab('merge', ...shards.slice(0, 3), '--out', join(dir, 'no'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /CONFIG_ERROR: \d+ of 24 cells are in none of .*shard-0.*e\.g\. [0-9a-f]{16} \(/,
    );
    const twice = await schedlab('merge', ...shards, baseline(), '--out', join(dir, 'no'));
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(
      /INPUT_ERROR: .*baseline\/results\.jsonl:\d+ \(field id\): cell [0-9a-f]{16} .* is there and in .*shard-\d\/results\.jsonl:\d+/,
    );
  });
});

describe('sweep resumes: an interrupted sweep completed gives an uninterrupted one’s results', () => {
  it('lost lines and a torn last line: only the missing cells run again, the skipped ones counted', async () => {
    const results = join(dir, 'lost');
    await cp(baseline(), results, { recursive: true });
    const kept = (await readFile(join(results, 'results.jsonl'), 'utf8')).split('\n').filter(Boolean);
    // Lines 3 and 7 gone, the last one torn in the middle.
    const torn = kept.filter((_, k) => k !== 3 && k !== 7);
    await writeFile(
      join(results, 'results.jsonl'),
      `${torn.slice(0, -1).join('\n')}\n${torn.at(-1)!.slice(0, 50)}`,
    );
    const stdout = await ok('sweep', sweepFile, '--results', results, '--workers', '1');
    expect(skipped(stdout)).toBe(21);
    expect(stdout).toMatch(/ran 3 on 1 worker/);
    expect(await lines(results)).toEqual(await lines(baseline()));
  });

  // Kills land at a random moment after the first cell ended, from a seeded stream.
  const delays = new RandomStreams(10).stream('kill delay');
  for (const [signal, workers] of [
    ['SIGKILL', '1'],
    ['SIGINT', '2'],
  ] as const) {
    it(`killed by ${signal} (${workers} worker(s)) and run again`, async () => {
      const results = join(dir, `killed-${signal}`);
      const running = spawn(
        process.execPath,
        [
          '--conditions=@js/source',
          '--import',
          'tsx',
          fileURLToPath(new URL('./cli.ts', import.meta.url)),
          'sweep',
          sweepFile,
          '--results',
          results,
          '--workers',
          workers,
        ],
        { cwd: root, stdio: 'ignore' },
      );
      const exited = new Promise<void>((resolve) => running.on('exit', () => resolve()));
      let ended = false;
      void exited.then(() => (ended = true));
      while (!ended && !(await firstLine(results))) await sleep(20);
      await sleep(Math.floor(delays.next() * 300));
      running.kill(signal);
      await exited;
      const before = (await readFile(join(results, 'results.jsonl'), 'utf8')).split('\n').length - 1;
      expect(before, 'killed before the end').toBeLessThan(24);
      const stdout = await ok('sweep', sweepFile, '--results', results, '--workers', workers);
      expect(skipped(stdout)).toBe(before);
      expect(await lines(results)).toEqual(await lines(baseline()));
    });
  }
});

describe('sweep --emit-slurm', () => {
  it('writes an array of shards and a dependent merge that, run as Slurm would, give the local results', async () => {
    const slurm = join(dir, 'slurm');
    const results = join(dir, 'slurm-results');
    const stdout = await ok('sweep', sweepFile, '--emit-slurm', slurm, '--shards', '2', '--results', results);
    expect(stdout).toMatch(/submit it with `sh .*submit\.sh`/);
    const array = await readFile(join(slurm, 'sweep.sbatch'), 'utf8');
    expect(array).toMatch(/^#SBATCH --array=0-1$/m);
    expect(await readFile(join(slurm, 'submit.sh'), 'utf8')).toMatch(
      /sbatch --dependency=afterok:"\$\{array%%;\*\}" .*merge\.sbatch/,
    );
    // No Slurm here: each array task as its own process, then the merge job.
    const bash = (script: string, task?: number) =>
      promisify(execFile)('bash', [join(slurm, script)], {
        env: { ...process.env, ...(task === undefined ? {} : { SLURM_ARRAY_TASK_ID: String(task) }) },
      });
    await Promise.all([bash('sweep.sbatch', 0), bash('sweep.sbatch', 1)]);
    await bash('merge.sbatch');
    expect(await lines(results)).toEqual(await lines(baseline()));
    await expect(stat(join(results, 'summary.json'))).resolves.toBeTruthy();
  });
});

describe('sweep files', () => {
  it('a bad field is named by its path, before anything runs', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify({
        name: 'bad',
        disciplines: ['fcfs'],
        workloads: [
          {
            kind: 'synthetic',
            jobs: 0,
            processors: 4,
            load: 0.5,
            sizes: { kind: 'constant', value: 1 },
            runtimes: { kind: 'constant', value: 1 },
          },
        ],
        loads: [0.5],
        seeds: [1],
      }),
    );
    const r = await schedlab('sweep', bad, '--results', join(dir, 'bad'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/INVALID_OPTION: invalid options for sweep .*bad\.json: workloads\.0\.jobs = 0/);
    await expect(stat(join(dir, 'bad'))).rejects.toThrow(/ENOENT/);
    const unknown = await schedlab('sweep', sweepFile.replace('grid.yaml', 'nope.yaml'));
    expect(unknown.stderr).toMatch(/INPUT_ERROR: .*nope\.yaml: cannot read the sweep file/);
  });

  it('a worker process that ends mid-cell names the cell; the cells finished are kept', async () => {
    // easy's cells finish; exit-midway's end their worker process (process.exit) mid-run.
    const dying = join(dir, 'dying.yaml');
    await writeFile(
      dying,
      grid
        .replace('name: grid', 'name: dying')
        .replace('[fcfs, easy, { name: conservative }]', '[easy, exit-midway]'),
    );
    const results = join(dir, 'dying');
    const plugin = fixture('failing-midway-plugin.ts');
    const r = await schedlab('sweep', dying, '--results', results, '--workers', '2', '--plugin', plugin);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /WORKER_EXITED: the worker process running cell [0-9a-f]{16} of the sweep \(exit-midway on synthetic, load 0\.[58], seed [1-4]\) ended before it did .*; the cells finished are kept/,
    );
    // The command it gives runs that cell alone, and shows why: its own process ends with code 7.
    const alone = /run it alone: schedlab (run .*)$/m.exec(r.stderr)![1]!.split(' ');
    expect(alone).toContain(plugin);
    expect((await schedlab(...alone)).code).toBe(7);
    // Every line kept is a finished cell of easy's (exit-midway's never finish).
    const kept = (await readFile(join(results, 'results.jsonl'), 'utf8')).split('\n').filter(Boolean);
    for (const line of kept)
      expect(JSON.parse(line)).toMatchObject({ discipline: 'easy', status: 'completed' });
  });

  it('--dry-run lists the cells of a shard with their ids', async () => {
    const stdout = await ok('sweep', sweepFile, '--dry-run', '--shard', '1/4');
    expect(stdout).toMatch(/^sweep grid: 6 cells \(shard 1\/4 of 24\)/);
    expect(stdout.match(/│ [0-9a-f]{16} │/g)).toHaveLength(6);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function firstLine(results: string): Promise<boolean> {
  try {
    return (await readFile(join(results, 'results.jsonl'), 'utf8')).includes('\n');
  } catch {
    return false;
  }
}
