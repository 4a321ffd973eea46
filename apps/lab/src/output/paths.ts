import { realpathSync, type Stats, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError } from '@js/core';

/** What an output path is checked against before any work. */
export interface OutputCheck {
  /** The option that names it, for messages (`--out`). */
  readonly option: string;
  /** The endings the writer knows, e.g. `['.swf', '.json', '.csv']` (compared lower-case). */
  readonly formats: readonly string[];
  /** Files the command reads (workload, plugins): none may be the output or one of its side files. */
  readonly inputs?: readonly (string | undefined)[];
  /** Files written beside the output (`<out>.counters.json`): checked the same way. */
  readonly sideFiles?: readonly string[];
}

/**
 * Check an output path before any work, so that a typo never costs a run and no input is ever
 * overwritten: its ending must be one the writer knows, its directory must exist (it is not
 * created), neither it nor a side file may be a directory, and none of them may be the same file
 * as an input (same real path, or the same file through a hard link). Throws a ConfigError naming
 * the path (and the input).
 */
export function checkOutputPath(path: string, check: OutputCheck): void {
  const { option } = check;
  const lower = path.toLowerCase();
  if (!check.formats.some((f) => lower.endsWith(f)) || check.formats.some((f) => lower === f)) {
    throw new ConfigError(
      `${option} ${path}: unknown format; the file name must end in ${check.formats.join(', ')}`,
    );
  }
  const dir = dirname(resolve(path));
  const dirStats = stats(dir);
  if (!dirStats) throw new ConfigError(`${option} ${path}: directory ${dir} does not exist`);
  if (!dirStats.isDirectory()) throw new ConfigError(`${option} ${path}: ${dir} is not a directory`);
  const inputs = (check.inputs ?? []).flatMap((input) => {
    const s = input === undefined ? undefined : stats(input);
    return input !== undefined && s?.isFile() ? [{ input, stats: s, real: realpathSync(input) }] : [];
  });
  for (const target of [path, ...(check.sideFiles ?? [])]) {
    const s = stats(target);
    if (!s) continue;
    if (s.isDirectory()) throw new ConfigError(`${option} ${path}: ${target} is a directory`);
    const real = realpathSync(target);
    const same = inputs.find((i) => i.real === real || (i.stats.dev === s.dev && i.stats.ino === s.ino));
    if (same) {
      throw new ConfigError(
        `${option} ${path}: ${target === path ? 'it' : target} is the input ${same.input} ` +
          `(${same.real}); writing it would destroy the input. Choose another output path`,
      );
    }
  }
}

function stats(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}
