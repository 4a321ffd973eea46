import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, InputError } from '@js/core';
import { writeFileAtomic } from '../output/atomic.ts';
import type { Cell } from './cells.ts';
import type { Grid } from './grid.ts';
import type { Shard } from './shard.ts';

/**
 * `sweep.json`, beside `results.jsonl` in every results directory: the grid and all its cells,
 * whichever shard the directory holds, so that `merge` knows the full set of cells and
 * `summarize` the order of disciplines, workloads and loads.
 */
export interface Manifest {
  readonly name: string;
  readonly grid: Grid;
  readonly plugins: readonly string[];
  /** The shard this directory's results come from; none for a whole sweep (or a merge). */
  readonly shard?: Shard;
  /** Every cell of the grid, in grid order. */
  readonly cells: readonly Cell[];
}

export const manifestFile = (dir: string): string => join(dir, 'sweep.json');

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFileAtomic(manifestFile(dir), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** A results directory's `sweep.json`; a coded error naming the directory when it has none. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = manifestFile(dir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ConfigError(`${dir} is not a sweep results directory: it has no sweep.json`);
    throw error;
  }
  try {
    return JSON.parse(text) as Manifest;
  } catch (error) {
    throw new InputError(file, undefined, undefined, `not valid JSON: ${(error as Error).message}`);
  }
}
