import { resolve } from 'node:path';
import { pluginFiles } from './files.ts';
import { type PluginNames, pluginNames } from './names.ts';
import { coreVersion } from './versions.ts';
import { writeFolder } from './write.ts';

/** What to scaffold: the package name and, optionally, where and under which discipline name. */
export interface ScaffoldRequest {
  readonly packageName: string;
  /** Target folder (default: the package name without its scope, under `cwd`). */
  readonly dir?: string;
  /** Discipline name (default: the package name without its scope). */
  readonly discipline?: string;
  /** Discipline names already registered, which the new one must not reuse. */
  readonly taken?: readonly string[];
  readonly cwd?: string;
}

/** What was written. */
export interface ScaffoldResult extends PluginNames {
  readonly dir: string;
  readonly files: readonly string[];
}

/** Write a ready plugin package (see `schedlab new-plugin`); names are checked before any write. */
export async function scaffoldPlugin(request: ScaffoldRequest): Promise<ScaffoldResult> {
  const names = pluginNames(request.packageName, request.discipline, request.taken ?? []);
  const cwd = request.cwd ?? process.cwd();
  const dir = resolve(cwd, request.dir ?? names.packageName.slice(names.packageName.indexOf('/') + 1));
  const files = pluginFiles(names, coreVersion());
  await writeFolder(dir, files);
  return { ...names, dir, files: [...files.keys()] };
}
