import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DisciplineDefinition, Job } from '@js/core';
import { arbScenario, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root, schedlab } from './cli.test-support.ts';
import { pluginNames, type ScaffoldError } from './scaffold/names.ts';
import { scaffoldPlugin } from './scaffold/scaffold.ts';
import { coreVersion, toolVersions } from './scaffold/versions.ts';
import { writeFolder } from './scaffold/write.ts';

const made: string[] = [];
const scratch = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'schedlab-new-plugin-'));
  made.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return [(error as ScaffoldError).code, (error as Error).message];
  }
  return undefined;
};

describe('plugin names', () => {
  it('takes the discipline name from the package name without its scope', () => {
    expect(pluginNames('@lab/fair-share', undefined, [])).toEqual({
      packageName: '@lab/fair-share',
      discipline: 'fair-share',
      identifier: 'fairShareDiscipline',
    });
    expect(pluginNames('schedlab-x.y', 'xy2', []).discipline).toBe('xy2');
  });

  it('accepts every lower-case dashed name, scoped or not, with an identifier that compiles', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
    const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join('-'));
    fc.assert(
      fc.property(fc.option(word, { nil: undefined }), name, (scope, bare) => {
        fc.pre(
          bare !== 'node' && !createRequire(import.meta.url)('node:module').builtinModules.includes(bare),
        );
        const names = pluginNames(scope ? `@${scope}/${bare}` : bare, undefined, []);
        expect(names.discipline).toBe(bare);
        expect(() => new Function(`const ${names.identifier} = 1;`)).not.toThrow();
      }),
    );
  });

  it.each([
    ['MyPlugin', /upper-case/],
    ['my plugin', /has ' '/],
    ['.hidden', /starts with '\.'/],
    ['_private', /starts with '_'/],
    ['fifo~1', /has '~'/],
    ['@scope', /'@scope\/name'/],
    ['@/fifo', /scope is empty/],
    ['http', /reserved/],
    ['a'.repeat(215), /214/],
  ])('refuses %s as an npm package name, saying why', (name, why) => {
    const [code, message] = codeOf(() => pluginNames(name, undefined, [])) ?? [];
    expect(code).toBe('INVALID_PACKAGE_NAME');
    expect(message).toMatch(why);
  });

  it('refuses a discipline name the registry would refuse, or a built-in one', () => {
    expect(codeOf(() => pluginNames('fifo.v2', undefined, []))?.[0]).toBe('INVALID_DISCIPLINE_NAME');
    expect(codeOf(() => pluginNames('ok', '2nd', []))?.[1]).toMatch(/^--discipline: '2nd'/);
    expect(codeOf(() => pluginNames('@me/easy', undefined, ['fcfs', 'easy']))?.[1]).toMatch(/built-in/);
  });
});

describe('writing the folder', () => {
  const files = new Map([
    ['a.txt', 'A'],
    ['src/b.ts', 'B'],
  ]);

  it('writes a new folder, or fills an empty one', async () => {
    const base = await scratch();
    await writeFolder(join(base, 'deep', 'new'), files);
    expect(await readFile(join(base, 'deep', 'new', 'src', 'b.ts'), 'utf8')).toBe('B');
    await mkdir(join(base, 'empty'));
    await writeFolder(join(base, 'empty'), files);
    expect((await readdir(join(base, 'empty'))).sort()).toEqual(['a.txt', 'src']);
  });

  it('refuses a folder that holds anything, and leaves it and its parent as they were', async () => {
    const base = await scratch();
    await mkdir(join(base, 'work'));
    await writeFile(join(base, 'work', 'notes.md'), 'mine');
    await expect(writeFolder(join(base, 'work'), files)).rejects.toMatchObject({ code: 'TARGET_NOT_EMPTY' });
    expect(await readdir(join(base, 'work'))).toEqual(['notes.md']);
    expect(await readdir(base)).toEqual(['work']);
  });

  it('leaves nothing behind when a file cannot be written', async () => {
    const base = await scratch();
    // 'x' as a file, then 'x/y' needs it as a folder: the second write fails.
    const broken = new Map([
      ['x', '1'],
      ['x/y', '2'],
    ]);
    await expect(writeFolder(join(base, 'plugin'), broken)).rejects.toThrow();
    expect(await readdir(base)).toEqual([]);
  });
});

describe('the scaffolded package', () => {
  it('pins the tool versions this workspace builds and tests with', async () => {
    const workspace = parse(await readFile(join(root, 'pnpm-workspace.yaml'), 'utf8')) as {
      catalog: Record<string, string>;
    };
    const rootPackage = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    for (const [tool, version] of Object.entries(toolVersions)) {
      expect(version, tool).toBe(workspace.catalog[tool] ?? rootPackage.devDependencies[tool]);
    }
  });

  it('declares @js/core as a peer (and dev) dependency at this core’s minor, and exports its build', async () => {
    const made = await scaffoldPlugin({ packageName: '@lab/fair-fifo', cwd: await scratch() });
    const manifest = JSON.parse(await readFile(join(made.dir, 'package.json'), 'utf8'));
    expect(manifest.peerDependencies['@js/core']).toBe(`^${coreVersion()}`);
    expect(manifest.devDependencies['@js/core']).toBe(`^${coreVersion()}`);
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js' });
    expect(made.files).toEqual(
      expect.arrayContaining([
        '.changeset/config.json',
        'tsup.config.ts',
        'src/fair-fifo.test.ts',
        'README.md',
      ]),
    );
    expect(await readFile(join(made.dir, 'src', 'fair-fifo.test.ts'), 'utf8')).toContain(
      "from '@js/core/testing'",
    );
  });

  // The generated discipline, imported from the scaffolded folder with this workspace's @js/core
  // and zod linked into its node_modules (the end-to-end test installs the packed ones instead).
  const generated = async (options: { headWaitLimit?: number } = {}) => {
    const made = await scaffoldPlugin({ packageName: 'fair-fifo', cwd: await scratch() });
    const here = createRequire(import.meta.url);
    const link = async (name: string, target: string) => {
      await mkdir(dirname(join(made.dir, 'node_modules', name)), { recursive: true });
      await symlink(target, join(made.dir, 'node_modules', name), 'dir');
    };
    await link('@js/core', await realpath(join(root, 'packages', 'core')));
    await link('zod', dirname(here.resolve('zod/package.json', { paths: [join(root, 'packages', 'core')] })));
    const module = (await import(join(made.dir, 'src', 'fair-fifo.ts'))) as Record<
      string,
      DisciplineDefinition
    >;
    return { discipline: module.fairFifoDiscipline!, options };
  };

  it('generates a discipline that keeps every invariant on random machines and job streams', async () => {
    const { discipline } = await generated();
    expect(discipline.name).toBe('fair-fifo');
    await fc.assert(
      fc.asyncProperty(arbScenario({ maxProcessors: 12, maxResources: 1 }, { maxJobs: 15 }), async (s) => {
        const run = await checkRun(discipline, s.machine, s.jobs);
        expect(run.violations).toEqual([]);
        expect(run.schedule).toHaveLength(s.jobs.length);
      }),
      { numRuns: 60 },
    );
  });

  it('generates first-fit backfilling that stops at a head waiting headWaitLimit', async () => {
    const { discipline } = await generated();
    const jobs: Job[] = [
      { id: 1, submit: 0, size: 3, runtime: 10, estimate: 10 },
      { id: 2, submit: 1, size: 4, runtime: 5, estimate: 5 },
      { id: 3, submit: 2, size: 1, runtime: 4, estimate: 4 },
      { id: 4, submit: 6, size: 1, runtime: 2, estimate: 2 },
    ];
    const starts = async (options: object) =>
      (await checkRun(discipline, { nodes: 4 }, jobs, { options })).schedule.map((s) => s.start);
    expect(await starts({})).toEqual([0, 10, 2, 6]);
    // Job 2 has waited 5 s when job 4 arrives at 6: a 5 s limit holds job 4 back, a 6 s one does not.
    expect(await starts({ headWaitLimit: 5 })).toEqual([0, 10, 2, 15]);
    expect(await starts({ headWaitLimit: 6 })).toEqual([0, 10, 2, 6]);
    expect(await starts({ headWaitLimit: 0 })).toEqual([0, 10, 15, 15]);
  });
});

describe('schedlab new-plugin', () => {
  it('writes the package and says what to run next', async () => {
    const dir = join(await scratch(), 'p');
    const { code, stdout } = await schedlab('new-plugin', 'schedlab-fifo', '--dir', dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/wrote schedlab-fifo \(discipline 'schedlab-fifo'\)/);
    expect(stdout).toContain('compare -d easy,schedlab-fifo');
    expect((await readdir(join(dir, 'src'))).sort()).toEqual([
      'index.ts',
      'schedlab-fifo.test.ts',
      'schedlab-fifo.ts',
    ]);
  });

  it('refuses a bad name with a coded error and writes nothing', async () => {
    const base = await scratch();
    const { code, stderr } = await schedlab('new-plugin', 'My_Plugin', '--dir', join(base, 'p'));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^schedlab: error INVALID_PACKAGE_NAME: NAME 'My_Plugin'/);
    expect(await readdir(base)).toEqual([]);
  });
});
