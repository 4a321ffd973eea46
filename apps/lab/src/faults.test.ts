import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RandomStreams } from '@js/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { root, schedlab, trace } from './cli.test-support.ts';

/**
 * Kill the app at random points while it writes (SIGINT and SIGKILL): every output left must be
 * the earlier file or a complete, valid one, nothing else may appear but our temporary files
 * (`<name>.<pid>-<random>.partial`, which only SIGKILL can leave behind), and a `compare
 * --results` resumed after any kill must give the figures of an uninterrupted one. The kill
 * points come from a named seeded stream, so a failure replays.
 */
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const killPoints = new RandomStreams('faults').stream('kill points');
const kth = trace('KTH-SP2-1996-2.1-cln.swf.gz');
const earlier = Buffer.from('; an earlier file, to be kept\n');
let dir: string;
let spec: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-faults-'));
  spec = join(dir, 'w.json');
  await writeFile(spec, JSON.stringify({ kind: 'model', model: 'feitelson96', jobs: 20_000 }));
});

/** Run the CLI and kill it with `signal` after `ms`; resolves when it has exited. */
function killed(args: string[], signal: NodeJS.Signals, ms: number): Promise<void> {
  const child = spawn(process.execPath, ['--conditions=@js/source', '--import', 'tsx', cli, ...args], {
    cwd: root,
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  setTimeout(() => child.kill(signal), ms);
  return exited;
}

/** Kill points spread over start-up, the run and the final write (the runs take 1.5–3 s). */
const plan = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    signal: (i % 2 === 0 ? 'SIGKILL' : 'SIGINT') as NodeJS.Signals,
    ms: Math.round(300 + killPoints.next() * 2700),
  }));

/** Files beside the output that are neither it, nor its side files, nor our temporary files. */
const others = (files: string[], name: string) =>
  files.filter(
    (f) =>
      f !== name &&
      !sideFiles(name).includes(f) &&
      !new RegExp(`^${name.replace('.', '\\.')}(\\.[a-z]+\\.jsonl?)?\\.\\d+-[0-9a-z]+\\.partial$`).test(f),
  );

/** What a finished command writes beside its output, after the output itself. */
const sideFiles = (name: string) => [`${name}.counters.json`, `${name}.traits.jsonl`];

describe('outputs survive being killed at any point', () => {
  it('run --out on a trace: the earlier file, or a whole schedule of every job', async () => {
    const complete = join(dir, 'complete.swf');
    expect((await schedlab('run', '-d', 'easy', '-w', kth, '--out', complete)).code).toBe(0);
    const whole = await readFile(complete);
    for (const { signal, ms } of plan(6)) {
      const at = await mkdtemp(join(dir, 'run-'));
      const out = join(at, 's.swf');
      await writeFile(out, earlier);
      await killed(['run', '-d', 'easy', '-w', kth, '--out', out], signal, ms);
      const left = await readFile(out);
      const what = `${signal} after ${ms} ms`;
      expect(left.equals(earlier) || left.equals(whole), what).toBe(true);
      const files = await readdir(at);
      expect(others(files, 's.swf'), what).toEqual([]);
      // A side file is written only once the output is whole.
      if (files.includes('s.swf.counters.json')) expect(left.equals(whole), what).toBe(true);
      // Only a SIGKILL can leave a temporary file: SIGINT removes it.
      if (signal === 'SIGINT')
        expect(
          files.filter((f) => f.endsWith('.partial')),
          what,
        ).toEqual([]);
    }
  }, 120_000);

  it('generate --out: the earlier file, or the whole generated trace', async () => {
    const complete = join(dir, 'complete-gen.swf');
    const args = ['generate', '--model', 'lublin99', '--jobs', '60000', '--seed', '3'];
    expect((await schedlab(...args, '--out', complete)).code).toBe(0);
    const whole = await readFile(complete);
    for (const { signal, ms } of plan(4)) {
      const at = await mkdtemp(join(dir, 'gen-'));
      const out = join(at, 'w.swf');
      await writeFile(out, earlier);
      await killed([...args, '--out', out], signal, ms);
      const left = await readFile(out);
      const what = `${signal} after ${ms} ms`;
      expect(left.equals(earlier) || left.equals(whole), what).toBe(true);
      const files = await readdir(at);
      expect(others(files, 'w.swf'), what).toEqual([]);
      if (files.includes('w.swf.traits.jsonl')) expect(left.equals(whole), what).toBe(true);
    }
  }, 120_000);

  it('compare --results killed and resumed gives the figures of an uninterrupted compare', async () => {
    const args = ['compare', '-d', 'fcfs,easy,fcfs-ff', '-w', spec, '--json'];
    const straight = JSON.parse((await schedlab(...args)).stdout) as { summary: unknown }[];
    for (const { signal, ms } of plan(3)) {
      const results = join(await mkdtemp(join(dir, 'results-')), 'r');
      await killed([...args, '--results', results], signal, ms);
      const resumed = await schedlab(...args, '--results', results);
      expect(resumed.code, resumed.stderr).toBe(0);
      const figures = (JSON.parse(resumed.stdout) as { summary: unknown }[]).map((r) => r.summary);
      expect(figures, `${signal} after ${ms} ms`).toEqual(straight.map((r) => r.summary));
    }
  }, 180_000);
});
