/**
 * `pnpm check:changesets`: every published package changed since the last release has a pending
 * changeset naming it (changesets' own `status` passes on the base branch itself, where nothing
 * differs from the base). The last release is the newest `<name>@<version>` tag changesets made,
 * or the first commit while there is none. Tests, benchmarks and fixtures are not published, so
 * changing only those needs no changeset.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const run = (command: string, ...args: string[]) =>
  execFileSync(command, args, { cwd: root, encoding: 'utf8' }).trim();

const released = run('git', 'tag', '--list', '*@*', '--sort=-creatordate').split('\n').filter(Boolean);
const base = released[0] ?? run('git', 'rev-list', '--max-parents=0', 'HEAD').split('\n').at(-1)!;
const changedFiles = run('git', 'diff', '--name-only', base, 'HEAD').split('\n').filter(Boolean);
const unpublished = /(\.test\.ts|\.test-support\.ts|\/bench\/|\/fixtures\/)/;

const packages: { name: string; dir: string }[] = [];
for (const area of ['packages', 'apps']) {
  for (const folder of readdirSync(join(root, area))) {
    const manifest = join(root, area, folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; private?: boolean };
    if (!pkg.private) packages.push({ name: pkg.name, dir: `${area}/${folder}/` });
  }
}
const changed = packages.filter((p) => changedFiles.some((f) => f.startsWith(p.dir) && !unpublished.test(f)));

const out = join(tmpdir(), `changeset-status-${process.pid}.json`);
run('pnpm', 'exec', 'changeset', 'status', '--output', out);
const status = JSON.parse(readFileSync(out, 'utf8')) as { changesets: { releases: { name: string }[] }[] };
rmSync(out, { force: true });
const named = new Set(status.changesets.flatMap((c) => c.releases.map((r) => r.name)));

const missing = changed.filter((p) => !named.has(p.name));
console.log(
  `changesets: ${changed.length} package(s) changed since ${released[0] ?? 'the first commit'}, ${missing.length} without a changeset`,
);
if (missing.length > 0) {
  console.error(
    `no pending changeset names ${missing.map((p) => p.name).join(', ')}: run \`pnpm changeset\` and describe the change`,
  );
  process.exit(1);
}
