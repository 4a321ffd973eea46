import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, lstat, mkdir, readdir, readFile, readlink, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A workspace package: folder (relative to the root), name, version and workspace dependencies. */
interface WorkspacePackage {
  readonly dir: string;
  readonly name: string;
  readonly version: string;
  readonly internal: readonly string[];
}

/**
 * The environment for tools run on behalf of a test: without the variables a parent pnpm, npm or
 * vitest passes down (an inherited `npm_config_*` or NODE_ENV=production changes what an install
 * does; VITEST_* would make a nested vitest believe it is a worker).
 */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|vitest|node_options$|node_env$|test$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

async function workspacePackages(root: string): Promise<WorkspacePackage[]> {
  const dirs = [
    ...(await readdir(join(root, 'packages'))).map((d) => `packages/${d}`),
    ...(await readdir(join(root, 'apps'))).map((d) => `apps/${d}`),
  ].filter((d) => existsSync(join(root, d, 'package.json')));
  const manifests = await Promise.all(
    dirs.map(async (dir) => ({
      dir,
      ...JSON.parse(await readFile(join(root, dir, 'package.json'), 'utf8')),
    })),
  );
  const names = new Set(manifests.map((m) => m.name as string));
  return manifests.map((m) => ({
    dir: m.dir,
    name: m.name,
    version: m.version,
    internal: Object.keys({ ...m.dependencies }).filter((d) => names.has(d)),
  }));
}

/** `name` and every workspace package it depends on, dependencies first. */
function closure(all: readonly WorkspacePackage[], name: string): WorkspacePackage[] {
  const byName = new Map(all.map((p) => [p.name, p]));
  const order: WorkspacePackage[] = [];
  const visit = (n: string) => {
    const p = byName.get(n);
    if (!p || order.includes(p)) return;
    p.internal.forEach(visit);
    order.push(p);
  };
  visit(name);
  return order;
}

/**
 * Copy the working tree (tracked and untracked files git does not ignore) of `dirs` and the root
 * files a build needs to `copy`, with node_modules as links: the root's to this checkout's, each
 * package's re-created link by link, so that workspace links point into the copy.
 */
async function copyWorkspace(root: string, copy: string, dirs: readonly string[]): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 1 << 26,
  });
  const rootFiles = [
    'package.json',
    'pnpm-workspace.yaml',
    'pnpm-lock.yaml',
    '.npmrc',
    'tooling/tsconfig.base.json',
  ];
  const wanted = stdout
    .split('\0')
    .filter((f) => f && (rootFiles.includes(f) || dirs.some((d) => f.startsWith(`${d}/`))))
    .filter((f) => existsSync(join(root, f)));
  for (const file of wanted) {
    await mkdir(dirname(join(copy, file)), { recursive: true });
    await copyFile(join(root, file), join(copy, file));
  }
  await symlink(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  for (const dir of dirs) {
    const from = join(root, dir, 'node_modules');
    if (!existsSync(from)) continue;
    for (const entry of await readdir(from)) {
      if (entry.startsWith('.')) continue;
      const names = entry.startsWith('@')
        ? (await readdir(join(from, entry))).map((s) => `${entry}/${s}`)
        : [entry];
      for (const name of names) {
        const source = join(from, name);
        const target = (await lstat(source)).isSymbolicLink() ? await readlink(source) : source;
        await mkdir(dirname(join(copy, dir, 'node_modules', name)), { recursive: true });
        await symlink(target, join(copy, dir, 'node_modules', name), 'dir');
      }
    }
  }
}

/** Run tasks with at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

/** What {@link packWorkspace} made: the copy it built in and a tarball per package, by name. */
export interface PackedWorkspace {
  readonly copy: string;
  readonly tarballs: ReadonlyMap<string, string>;
}

/**
 * Build `app` and the workspace packages it depends on in a copy of the working tree under
 * `stage` (the checkout's own `dist` folders are never touched), then `pnpm pack` each one into
 * `stage/packs`, as the registry would serve them. Declarations are built only for the packages
 * named in `typed` and their dependencies (what a plugin compiles against); the others are
 * built as JavaScript only, which is all running the app needs and a third of the time.
 */
export async function packWorkspace(
  root: string,
  stage: string,
  app: string,
  typed: readonly string[],
): Promise<PackedWorkspace> {
  const all = await workspacePackages(root);
  const needed = closure(all, app);
  const copy = join(stage, 'workspace');
  await copyWorkspace(
    root,
    copy,
    needed.map((p) => p.dir),
  );
  const withTypes = new Set(typed.flatMap((name) => closure(all, name)));
  const tsup = (dir: string) => {
    const require = createRequire(join(copy, dir, 'package.json'));
    return join(dirname(require.resolve('tsup/package.json')), 'dist', 'cli-default.js');
  };
  const build = async (p: WorkspacePackage, dts: boolean) => {
    await run(process.execPath, [tsup(p.dir), ...(dts ? [] : ['--no-dts'])], {
      cwd: join(copy, p.dir),
      env: cleanEnv(),
      maxBuffer: 1 << 26,
    });
  };
  // Declarations need those of their dependencies first: one chain, in dependency order, beside
  // the JavaScript-only builds, which need nothing of each other.
  await Promise.all([
    (async () => {
      for (const p of needed.filter((q) => withTypes.has(q))) await build(p, true);
    })(),
    pool(
      needed.filter((q) => !withTypes.has(q)),
      2,
      (p) => build(p, false),
    ),
  ]);
  const packs = join(stage, 'packs');
  await mkdir(packs, { recursive: true });
  await run('pnpm', ['--recursive', '--filter', `${app}...`, 'pack', '--pack-destination', packs], {
    cwd: copy,
    env: cleanEnv(),
    maxBuffer: 1 << 26,
  });
  const tarballs = new Map(
    needed.map((p) => [
      p.name,
      join(packs, `${p.name.replace(/^@/, '').replace('/', '-')}-${p.version}.tgz`),
    ]),
  );
  for (const [name, file] of tarballs)
    if (!existsSync(file)) throw new Error(`${name}: no tarball at ${file}`);
  return { copy, tarballs };
}
