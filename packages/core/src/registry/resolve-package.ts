import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The URL of a package's ESM entry as a project in `fromDir` sees it: the nearest
 * `node_modules/<name>` from `fromDir` up, then its `exports` ('.' under `import` or `default`),
 * `main`, or `index.js`. Undefined when no such folder exists.
 *
 * `import(name)` alone resolves from this module's own folder, not the user's project: under pnpm's
 * isolated layout, or with schedlab installed globally, a plugin installed beside the project is not
 * found from there. Node 20 has no `import.meta.resolve(name, parent)` without a flag, and
 * `require.resolve` refuses ESM-only `exports`; hence this walk.
 */
export function resolvePackage(name: string, fromDir: string): string | undefined {
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    const folder = join(dir, 'node_modules', name);
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest))
      return pathToFileURL(join(folder, entryOf(JSON.parse(readFileSync(manifest, 'utf8'))))).href;
    if (dirname(dir) === dir) return undefined;
  }
}

type Exports = string | { readonly [key: string]: Exports } | null | undefined;

function entryOf(pkg: { exports?: Exports; main?: string }): string {
  const root =
    typeof pkg.exports === 'object' && pkg.exports !== null && '.' in pkg.exports
      ? pkg.exports['.']
      : pkg.exports;
  return conditional(root) ?? pkg.main ?? 'index.js';
}

/** The target of an exports entry under the `import` or `default` condition (nested conditions too). */
function conditional(entry: Exports): string | undefined {
  if (typeof entry === 'string') return entry;
  if (typeof entry !== 'object' || entry === null) return undefined;
  for (const condition of ['import', 'default']) {
    const found = conditional(entry[condition]);
    if (found !== undefined) return found;
  }
  return undefined;
}
