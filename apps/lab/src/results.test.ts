import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, schedlab } from './cli.test-support.ts';

let dir: string;
const spec = (load: number) =>
  JSON.stringify({
    kind: 'synthetic',
    jobs: 60,
    processors: 16,
    load,
    sizes: { kind: 'log-uniform', min: 1, max: 16 },
    runtimes: { kind: 'exponential', mean: 300 },
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-results-'));
});

/** `compare --results` on a workload: the reports' mean waits and what it said about reuse. */
async function compare(results: string, ...args: string[]) {
  const r = await schedlab('compare', '-d', 'fcfs,easy', '--results', results, ...args);
  expect(r.code, r.stderr).toBe(0);
  const reused = /reused from .*: (.*)$/m.exec(r.stdout)?.[1];
  return { stdout: r.stdout, reused };
}

describe('compare --results reuses a run only while its inputs are unchanged', () => {
  it('an edited workload file is run again; an unchanged one, even moved, is reused and named', async () => {
    const results = join(dir, 'edited');
    const workload = join(dir, 'w.json');
    await writeFile(workload, spec(0.5));
    expect((await compare(results, '-w', workload)).reused).toBeUndefined();
    expect((await compare(results, '-w', workload)).reused).toBe('fcfs, easy');

    // The same path, new contents: nothing may be reused, and the figures are the new workload's.
    await writeFile(workload, spec(0.9));
    const edited = await compare(results, '-w', workload);
    expect(edited.reused).toBeUndefined();
    expect(await readdir(results)).toHaveLength(4);

    // The same contents under another name: the runs are the same runs.
    const moved = join(dir, 'moved.json');
    await copyFile(workload, moved);
    const again = await compare(results, '-w', moved);
    expect(again.reused).toBe('fcfs, easy');
    expect(again.stdout.split('\n').filter((l) => l.includes('│ easy'))).toEqual(
      edited.stdout.split('\n').filter((l) => l.includes('│ easy')),
    );
  });

  it('a changed option, seed or profile is another run', async () => {
    const results = join(dir, 'flags');
    const workload = join(dir, 'flags.json');
    await writeFile(workload, spec(0.5));
    await compare(results, '-w', workload);
    for (const args of [['--seed', '2'], ['--profile', 'gang'], ['--exact-runtimes']])
      expect((await compare(results, '-w', workload, ...args)).reused, args.join(' ')).toBeUndefined();
    expect((await compare(results, '-w', workload)).reused).toBe('fcfs, easy');
  });

  it('a plugin whose code changed is run again', async () => {
    const results = join(dir, 'plugin');
    const plugin = join(dir, 'plugin.ts');
    await copyFile(fixture('knowledge-probe-plugin.ts'), plugin);
    const run = () =>
      schedlab('--plugin', plugin, 'compare', '-d', 'fcfs', '--results', results).then((r) => {
        expect(r.code, r.stderr).toBe(0);
        return /reused from .*: (.*)$/m.exec(r.stdout)?.[1];
      });
    expect(await run()).toBeUndefined();
    expect(await run()).toBe('fcfs');
    await writeFile(plugin, `${await readFile(plugin, 'utf8')}\n// edited\n`);
    expect(await run()).toBeUndefined();
  });
});
