import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@js/core';
import { defaultWorkload, STDIN } from '@js/workloads';

/**
 * Everything that determines a run's figures, so that a kept result is reused only while all of
 * it is unchanged: the discipline and every flag that shapes the run, the workload's contents
 * (the file's bytes, and for a spec naming a trace the trace's bytes too), the code of each plugin
 * (its entry file's bytes) and the schedlab version. Paths do not count: a moved but unchanged
 * workload still matches; an edited one never does.
 */
export async function runIdentity(
  discipline: string,
  flags: Readonly<Record<string, unknown>>,
  plugins: readonly string[] = [],
): Promise<Record<string, unknown>> {
  const { workload, plugin, ...run } = flags;
  return {
    ...run,
    discipline,
    workload: await workloadDigest(typeof workload === 'string' ? workload : undefined),
    plugins: await Promise.all(plugins.map(pluginDigest)),
    schedlab: schedlabVersion(),
  };
}

const digest = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

async function workloadDigest(path: string | undefined): Promise<string> {
  if (path === undefined) return digest(JSON.stringify(defaultWorkload));
  if (path === STDIN)
    throw new ConfigError(
      'a workload on standard input is read once and cannot be keyed: write it to a file to keep results (--results)',
    );
  const bytes = await readFile(path);
  if (!path.toLowerCase().endsWith('.json')) return digest(bytes);
  // A spec naming a trace is the spec and the trace (resolved as the spec resolves it).
  const spec = JSON.parse(bytes.toString('utf8')) as { kind?: unknown; path?: unknown };
  if (spec.kind !== 'swf' || typeof spec.path !== 'string') return digest(bytes);
  const trace = await readFile(resolve(dirname(path), spec.path));
  return digest(`${digest(bytes)}:${digest(trace)}`);
}

/**
 * A plugin's code: the bytes of the file the registry imports for a path; for a package, its entry
 * file as resolved from the working directory, or (an import-only package, which require cannot
 * resolve) its package.json, whose version changes with each release.
 */
async function pluginDigest(specifier: string): Promise<string> {
  const looksLikePath = specifier.startsWith('.') || isAbsolute(specifier) || /\.[cm]?[jt]s$/.test(specifier);
  if (looksLikePath) return digest(await readFile(resolve(specifier)));
  const require = createRequire(join(process.cwd(), 'noop.js'));
  try {
    return digest(await readFile(require.resolve(specifier)));
  } catch {
    return digest(await readFile(require.resolve(`${specifier}/package.json`)));
  }
}

let version: string | undefined;

/** The version of the schedlab app running now (from its package.json, in source or built form). */
export function schedlabVersion(): string {
  if (version !== undefined) return version;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'schedlab') return (version = pkg.version ?? '0.0.0');
    }
    if (dirname(dir) === dir) return (version = 'unknown');
  }
}
