import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, root, schedlab } from './cli.test-support.ts';

/** Outputs are checked before any work, written whole or not at all, and never overwrite an input. */

let dir: string;
/** A model workload of 200 000 jobs: a few seconds of simulation. */
let slow: string;
/** Ten times as many: a run that would take most of a minute, so a fast failure is plainly one. */
let slower: string;
const earlier = Buffer.from(
  '; an earlier schedule, to be kept\n1 0 0 10 1 -1 -1 1 10 -1 1 1 1 -1 1 -1 -1 -1\n',
);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-outputs-'));
  slow = join(dir, 'slow.json');
  await writeFile(slow, JSON.stringify({ kind: 'model', model: 'feitelson96', jobs: 200_000 }));
  slower = join(dir, 'slower.json');
  await writeFile(slower, JSON.stringify({ kind: 'model', model: 'feitelson96', jobs: 2_000_000 }));
});

/** A fresh directory holding `name` with the earlier bytes. */
async function withEarlier(name: string): Promise<{ at: string; path: string }> {
  const at = await mkdtemp(join(dir, 'case-'));
  const path = join(at, name);
  await writeFile(path, earlier);
  return { at, path };
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const result = await work();
  return [result, (performance.now() - start) / 1000];
};

describe('run --out is written whole or not at all', () => {
  it('an error mid-run leaves the earlier file byte-identical and no temporary file', async () => {
    for (const name of ['s.swf', 's.csv', 's.json']) {
      const { at, path } = await withEarlier(name);
      const plugin = fixture('failing-midway-plugin.ts');
      const { code, stderr } = await schedlab('--plugin', plugin, 'run', '-d', 'fail-midway', '--out', path);
      expect(code).toBe(1);
      // Coded, and naming the plugin, the discipline, the simulated time and what woke it.
      expect(stderr).toMatch(
        /^schedlab: error DISCIPLINE_FAILED: discipline 'fail-midway' of plugin 'failing-midway' failed at time \d+(\.\d+)?, deciding on (arrival|completion) of job \d+.*: fail-midway: giving up after 1000 jobs\n$/,
      );
      expect((await readFile(path)).equals(earlier), name).toBe(true);
      expect(await readdir(at)).toEqual([name]);
    }
  });

  it('a SIGINT during the run leaves the earlier file intact and removes the temporary file', async () => {
    const { at, path } = await withEarlier('s.csv');
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--conditions=@js/source',
        '--import',
        'tsx',
        cli,
        'run',
        '-d',
        'easy',
        '-w',
        slow,
        '--json',
        '--out',
        path,
      ],
      { cwd: root, stdio: 'ignore' },
    );
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    // Once the run is under way (its temporary file exists), interrupt it.
    let running = false;
    for (let tries = 0; tries < 300 && !running; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      running = (await readdir(at)).some((f) => f.endsWith('.partial'));
    }
    expect(running).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGINT');
    const { code, signal } = await exited;
    // Ended by the signal, not run to the end.
    expect(code === 130 || signal === 'SIGINT', `code ${code}, signal ${signal}`).toBe(true);
    expect((await readFile(path)).equals(earlier)).toBe(true);
    expect(await readdir(at)).toEqual(['s.csv']);
  });

  it('the JSON schedule is valid JSON with every job and the counters, also in <out>.counters.json', async () => {
    const at = await mkdtemp(join(dir, 'case-'));
    const path = join(at, 'schedule.json');
    const { code, stdout } = await schedlab('run', '-d', 'easy', '--json', '--out', path);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { summary: { jobs: { finished: number } } };
    const written = JSON.parse(await readFile(path, 'utf8')) as {
      jobs: { id: number }[];
      counters: Record<string, Record<string, number>>;
    };
    expect(written.jobs).toHaveLength(report.summary.jobs.finished);
    expect(written.jobs.map((j) => j.id)).toEqual([...written.jobs.map((j) => j.id)].sort((a, b) => a - b));
    expect(Object.keys(written.counters)).toEqual(['easy']);
    expect(JSON.parse(await readFile(`${path}.counters.json`, 'utf8'))).toEqual(written.counters);
    expect((await readdir(at)).sort()).toEqual(['schedule.json', 'schedule.json.counters.json']);
  });
});

describe('run --out is checked before any work', () => {
  it('--out naming the workload is refused, and the workload left untouched', async () => {
    const { at, path } = await withEarlier('trace.swf');
    const { code, stderr } = await schedlab('run', '-d', 'easy', '-w', path, '--out', path);
    expect(code).toBe(1);
    expect(stderr).toMatch(/error CONFIG_ERROR: --out .*trace\.swf: it is the input .*trace\.swf/);
    expect((await readFile(path)).equals(earlier)).toBe(true);
    expect(await readdir(at)).toEqual(['trace.swf']);
  });

  it('--out naming a plugin file is refused', async () => {
    const at = await mkdtemp(join(dir, 'case-'));
    const plugin = join(at, 'plugin.json');
    await writeFile(plugin, '{}');
    const { code, stderr } = await schedlab('--plugin', plugin, 'run', '-w', slower, '--out', plugin);
    expect(code).toBe(1);
    expect(stderr).toMatch(/CONFIG_ERROR: --out .*plugin\.json: it is the input/);
    expect(await readFile(plugin, 'utf8')).toBe('{}');
  });

  it('a missing output directory fails before the run, fast, and is not created', async () => {
    const missing = join(dir, 'no-such-dir');
    const [{ code, stderr }, seconds] = await timed(() =>
      schedlab('run', '-d', 'easy', '-w', slower, '--out', join(missing, 's.csv')),
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/error CONFIG_ERROR: --out .*s\.csv: directory .*no-such-dir does not exist/);
    // The run itself would take most of a minute; this is process start-up alone.
    expect(seconds).toBeLessThan(15);
    expect((await readdir(dir)).includes('no-such-dir')).toBe(false);
  });

  it('a wrong extension fails before the run, naming the ones known', async () => {
    const at = await mkdtemp(join(dir, 'case-'));
    const [{ code, stderr }, seconds] = await timed(() =>
      schedlab('run', '-d', 'easy', '-w', slower, '--out', join(at, 's.txt')),
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/CONFIG_ERROR: --out .*s\.txt: unknown format; .*\.swf, \.json, \.csv/);
    expect(seconds).toBeLessThan(15);
    expect(await readdir(at)).toEqual([]);
  });

  it('an existing directory as --out fails before the run', async () => {
    const at = await mkdtemp(join(dir, 'case-'));
    await mkdir(join(at, 'd.csv'));
    const [{ code, stderr }, seconds] = await timed(() =>
      schedlab('run', '-d', 'easy', '-w', slower, '--out', join(at, 'd.csv')),
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/CONFIG_ERROR: --out .*d\.csv: .*d\.csv is a directory/);
    expect(seconds).toBeLessThan(15);
  });
});

describe('generate --out', () => {
  it('replaces the file whole, leaves no temporary file, and a failed generate keeps the earlier one', async () => {
    const { at, path } = await withEarlier('w.swf');
    const failed = await schedlab(
      'generate',
      '--model',
      'lublin99',
      '--options',
      '{"bogus":1}',
      '--out',
      path,
    );
    expect(failed.code).toBe(1);
    expect((await readFile(path)).equals(earlier)).toBe(true);
    expect(await readdir(at)).toEqual(['w.swf']);
    const { code } = await schedlab('generate', '--model', 'lublin99', '--jobs', '500', '--out', path);
    expect(code).toBe(0);
    const text = await readFile(path, 'utf8');
    expect(text).toMatch(/^; Version: 2\.2/);
    expect(
      text
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith(';')),
    ).toHaveLength(500);
    expect(await readdir(at)).toEqual(['w.swf']);
  });

  it('checks the path before drawing a job: directory, ending', async () => {
    const missing = await schedlab('generate', '--model', 'lublin99', '--out', join(dir, 'nowhere', 'w.swf'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/CONFIG_ERROR: --out .*w\.swf: directory .*nowhere does not exist/);
    const wrong = await schedlab('generate', '--model', 'lublin99', '--out', join(dir, 'w.csv'));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/CONFIG_ERROR: --out .*w\.csv: unknown format; .*\.swf, \.swf\.gz/);
  });
});
