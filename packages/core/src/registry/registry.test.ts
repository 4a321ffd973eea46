import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Registry } from './registry.ts';

/** A plugin package installed in a project's node_modules, as npm or pnpm would lay it out. */
async function install(project: string, name: string, manifest: object, entry: string): Promise<void> {
  const folder = join(project, 'node_modules', name);
  await mkdir(join(folder, 'dist'), { recursive: true });
  await writeFile(join(folder, 'package.json'), JSON.stringify({ name, type: 'module', ...manifest }));
  // The tag is all the registry checks, so the package needs no copy of @js/core.
  await writeFile(
    join(folder, entry),
    `export default { kind: 'schedlab-plugin', name: '${name}', disciplines: [] };\n`,
  );
}

describe('Registry.load of a package name', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('finds the package from the project folder up, not from where @js/core lives', async () => {
    const project = await mkdtemp(join(tmpdir(), 'schedlab-registry-'));
    dirs.push(project);
    await install(
      project,
      '@someone/esm-only',
      { exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } },
      'dist/index.js',
    );
    await install(project, 'plain-main', { main: 'dist/main.js' }, 'dist/main.js');
    const nested = join(project, 'src', 'deep');
    await mkdir(nested, { recursive: true });
    const registry = new Registry();
    expect((await registry.load('@someone/esm-only', nested)).name).toBe('@someone/esm-only');
    expect((await registry.load('plain-main', project)).name).toBe('plain-main');
  });

  it('names a package that is nowhere to be found', async () => {
    const project = await mkdtemp(join(tmpdir(), 'schedlab-registry-'));
    dirs.push(project);
    await expect(new Registry().load('@nobody/missing-plugin', project)).rejects.toThrow(
      /@nobody\/missing-plugin.*cannot be imported/,
    );
  });
});
