import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, packWorkspace } from '../../../tooling/scripts/pack-workspace.ts';
import { root } from './cli.test-support.ts';

/**
 * A plugin's whole life outside this repository, as its author and its users would live it after
 * `npm publish`: the workspace packages packed as the registry would serve them, a plugin
 * scaffolded by the packed app into a temporary folder, installed from those tarballs, built and
 * tested there, packed in turn, then installed beside the packed `schedlab` and named by its
 * package name in `--plugin`. Nothing is written inside the repository: the workspace is built in a
 * copy under the system's temporary folder, and npm installs prefer its cache.
 */
const exec = promisify(execFile);
const stage = await mkdtemp(join(tmpdir(), 'schedlab-e2e-'));
afterAll(async () => {
  if (!process.env.SCHEDLAB_E2E_KEEP) await rm(stage, { recursive: true, force: true });
});

const sh = async (command: string, args: readonly string[], cwd: string) => {
  try {
    return (await exec(command, args, { cwd, env: cleanEnv(), maxBuffer: 1 << 26 })).stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${e.stderr || e.stdout || e.message}`);
  }
};
const npmInstall = (cwd: string) => sh('npm', ['install', '--prefer-offline', '--loglevel=error'], cwd);

// Four jobs on 4 processors: job 2 needs all 4 and waits for job 1; jobs 3 and 4 fit beside job 1.
const tinySwf = `; MaxProcs: 4
1 0 -1 10 3 -1 -1 3 10 -1 1 1 1 1 1 -1 -1 -1
2 1 -1 5 4 -1 -1 4 5 -1 1 1 1 1 1 -1 -1 -1
3 2 -1 4 1 -1 -1 1 4 -1 1 1 1 1 1 -1 -1 -1
4 6 -1 2 1 -1 -1 1 2 -1 1 1 1 1 1 -1 -1 -1
`;

/** Wall-clock seconds of each phase, printed at the end (the test's cost in CI is worth seeing). */
const phases: [string, number][] = [];
const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    phases.push([phase, (performance.now() - started) / 1000]);
  }
};

describe('a plugin published from the scaffold', () => {
  it('builds, passes its tests and runs under the packed schedlab by its package name', async () => {
    const { copy, tarballs } = await timed('build and pack the workspace', () =>
      packWorkspace(root, stage, 'schedlab', ['@js/core']),
    );
    const file = (name: string) => `file:${tarballs.get(name)}`;
    const ours = Object.fromEntries(
      [...tarballs.keys()].filter((n) => n.startsWith('@js/')).map((n) => [n, file(n)]),
    );
    const user = join(stage, 'user');
    const pluginTarball = join(stage, 'packs', 'e2e-fair-fifo-0.1.0.tgz');

    // The author: scaffold with the built app, install @js/core from its tarball, build, test, pack.
    const author = join(stage, 'author');
    const authoring = async () => {
      await sh(
        process.execPath,
        [join(copy, 'apps/lab/dist/cli.js'), 'new-plugin', '@e2e/fair-fifo', '--dir', author],
        stage,
      );
      const manifest = JSON.parse(await readFile(join(author, 'package.json'), 'utf8'));
      expect(manifest.peerDependencies['@js/core']).toMatch(/^\^/);
      // Stand-ins for the registry: every @js package (core's own dependencies too) from the packs.
      manifest.devDependencies['@js/core'] = file('@js/core');
      manifest.overrides = ours;
      await writeFile(join(author, 'package.json'), JSON.stringify(manifest, null, 2));
      await timed('author: npm install', () => npmInstall(author));
      await timed('author: build', () => sh('npm', ['run', 'build'], author));
      const tests = await timed('author: test', () =>
        sh('npm', ['test', '--silent', '--', '--reporter=json'], author),
      );
      const report = JSON.parse(tests) as { numPassedTests: number; numFailedTests: number };
      expect(report).toMatchObject({ numFailedTests: 0 });
      expect(report.numPassedTests).toBeGreaterThanOrEqual(4);
      await timed('author: typecheck', () => sh('npm', ['run', 'typecheck'], author));
      await sh('npm', ['pack', '--pack-destination', join(stage, 'packs')], author);
    };
    // A user, meanwhile: install schedlab (its dependencies are the longest install).
    const installing = async () => {
      await mkdir(user);
      await writeFile(
        join(user, 'package.json'),
        JSON.stringify({
          name: 'e2e-user',
          private: true,
          dependencies: { schedlab: file('schedlab') },
          overrides: ours,
        }),
      );
      await writeFile(join(user, 'tiny.swf'), tinySwf);
      await timed('user: npm install schedlab', () => npmInstall(user));
    };
    await Promise.all([authoring(), installing()]);
    await timed('user: npm install the plugin', () =>
      sh('npm', ['install', '--prefer-offline', '--loglevel=error', pluginTarball], user),
    );

    const out = await timed('user: schedlab compare', () =>
      sh(
        join(user, 'node_modules', '.bin', 'schedlab'),
        [
          '--plugin',
          '@e2e/fair-fifo',
          'compare',
          '-d',
          'easy,fair-fifo',
          '-w',
          'tiny.swf',
          '--options',
          '{"fair-fifo": {"headWaitLimit": 0}}',
          '--json',
        ],
        user,
      ),
    );
    const rows = JSON.parse(out) as {
      discipline: string;
      summary: { status: string; wait: { mean: number } };
    }[];
    expect(rows.map((r) => r.discipline)).toEqual(['easy', 'fair-fifo']);
    // EASY backfills jobs 3 and 4 (waits 0, 9, 0, 0); the plugin's discipline with a zero head-wait
    // limit is plain FCFS, so its option reached it: jobs 3 and 4 wait behind job 2 (0, 9, 13, 9).
    expect(rows[0]!.summary.wait.mean).toBe(2.25);
    expect(rows[1]!.summary).toMatchObject({ status: 'completed', wait: { mean: 7.75 } });
    // The installed command is a bundle: --debug's stack traces still name the source files, and
    // errors their own classes (the bundler renames some classes apart).
    const debug = (...args: string[]) =>
      exec(join(user, 'node_modules', '.bin', 'schedlab'), ['--debug', ...args], {
        cwd: user,
        env: cleanEnv(),
      }).then(
        () => '',
        (error: { stderr: string }) => error.stderr,
      );
    const missing = await debug('run', '-w', 'missing.swf');
    expect(missing).toMatch(/^InputError: missing\.swf: cannot open/m);
    expect(missing).toMatch(/at .*\/src\/swf\/reader\.ts:\d+:\d+/);
    expect(await debug('run', '-d', 'no-such', '-w', 'tiny.swf')).toMatch(
      /^UnknownNameError: unknown discipline 'no-such'/m,
    );
    console.info(phases.map(([phase, s]) => `${phase}: ${s.toFixed(1)} s`).join('\n'));
  }, 420_000);
});
