/**
 * Every workspace package checked as a registry would serve it: packed with `pnpm pack` (which
 * rewrites `workspace:` and `catalog:` ranges, as publishing does), then
 *
 * - publint (`--strict`: warnings fail too) on its manifest and packed files: exports that point
 *   at files the tarball lacks, missing `types`, a wrong `files` list, bad `bin`;
 * - arethetypeswrong on the tarball with the `esm-only` profile: our packages are ESM only by
 *   design (`"type": "module"`, tsup's ESM format, Node ≥ 20.19), so the CommonJS resolution
 *   modes (node10, and node16 from a `require`) are out of scope, while every ESM mode (node16
 *   from an import, bundler) must find types that match the JavaScript.
 *
 * Run after `pnpm build` (`pnpm check:packages`); prints each package's verdict and fails if any
 * check reports anything.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface Verdict {
  readonly name: string;
  readonly tool: 'publint' | 'attw';
  readonly ok: boolean;
  readonly output: string;
}

async function tool(name: string, which: Verdict['tool'], args: readonly string[]): Promise<Verdict> {
  try {
    const { stdout, stderr } = await run(bin(which), args, { cwd: root, maxBuffer: 1 << 26 });
    const output = `${stdout}${stderr}`.trim();
    // publint exits 0 on suggestions: anything it prints besides "All good!" is a finding.
    // attw exits 0 for a package without any declarations: that is a finding too.
    const ok = which === 'attw' ? !/does not contain types/.test(output) : /All good!/.test(output);
    return { name, tool: which, ok, output };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return { name, tool: which, ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}`.trim() || e.message };
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  const dirs = [
    ...(await readdir(join(root, 'packages'))).map((d) => `packages/${d}`),
    ...(await readdir(join(root, 'apps'))).map((d) => `apps/${d}`),
  ].filter((d) => existsSync(join(root, d, 'package.json')));
  const packages = await Promise.all(
    dirs.map(async (dir) => {
      const manifest = JSON.parse(await readFile(join(root, dir, 'package.json'), 'utf8'));
      return {
        dir,
        name: manifest.name as string,
        version: manifest.version as string,
        private: !!manifest.private,
      };
    }),
  );
  const published = packages.filter((p) => !p.private);
  const packs = await mkdtemp(join(tmpdir(), 'schedlab-packs-'));
  try {
    await run('pnpm', ['--recursive', 'pack', '--pack-destination', packs], {
      cwd: root,
      maxBuffer: 1 << 26,
    });
    const verdicts: Verdict[] = [];
    // Two at a time: each tool is a Node process of its own and CI machines are small.
    const queue = published.flatMap((p) => [
      () => tool(p.name, 'publint', [p.dir, '--strict', '--pack', 'pnpm']),
      () =>
        tool(p.name, 'attw', [
          join(packs, `${p.name.replace(/^@/, '').replace('/', '-')}-${p.version}.tgz`),
          '--profile',
          'esm-only',
          '--format',
          'ascii',
          '--no-color',
        ]),
    ]);
    await Promise.all(
      [0, 1].map(async () => {
        for (let next = queue.shift(); next; next = queue.shift()) verdicts.push(await next());
      }),
    );
    verdicts.sort((a, b) => a.name.localeCompare(b.name) || a.tool.localeCompare(b.tool));
    for (const v of verdicts) {
      console.log(`${v.ok ? 'ok  ' : 'FAIL'} ${v.name} (${v.tool})`);
      if (!v.ok) console.log(v.output.replace(/^/gm, '     '));
    }
    const failed = verdicts.filter((v) => !v.ok).length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${published.length} packages, ${verdicts.length} checks, ${failed} failed (${seconds} s)`);
    return failed ? 1 : 0;
  } finally {
    await rm(packs, { recursive: true, force: true });
  }
}

process.exitCode = await main();
