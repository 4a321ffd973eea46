import { ConfigError, InputError } from '@js/core';
import { writeFileAtomic } from '../output/atomic.ts';
import { type Manifest, readManifest, writeManifest } from './manifest.ts';
import { type CellResult, readResults, resultsFile } from './results-log.ts';

export interface MergeOutcome {
  readonly cells: number;
  /** Lines of cells the grid no longer has (it was edited since they ran), left out. */
  readonly stale: number;
}

/**
 * Join the results of shards (or of any directories of one sweep) into `out`: its `sweep.json`
 * (the grid, no shard) and a `results.jsonl` with each cell once, in the order of cell ids, so the
 * merged file is the same bytes however the cells were split. Refused, naming what is wrong:
 * directories of different grids, a cell found twice, a cell found nowhere.
 */
export async function mergeResults(dirs: readonly string[], out: string): Promise<MergeOutcome> {
  const manifests = await Promise.all(dirs.map(readManifest));
  const first = manifests[0]!;
  const ids = new Set(first.cells.map((c) => c.id));
  for (const [k, manifest] of manifests.entries()) {
    const same = manifest.cells.length === ids.size && manifest.cells.every((c) => ids.has(c.id));
    if (!same)
      throw new ConfigError(
        `${dirs[k]} holds another sweep than ${dirs[0]} (sweep.json: ${manifest.name}, ${manifest.cells.length} cells, against ${first.name}, ${ids.size}): merge the shards of one sweep`,
      );
  }
  const found = new Map<string, { result: CellResult; where: string }>();
  let stale = 0;
  for (const dir of dirs) {
    for (const { result, line } of readResults(dir).results) {
      const where = `${resultsFile(dir)}:${line}`;
      if (!ids.has(result.id)) {
        stale++;
        continue;
      }
      const twin = found.get(result.id);
      if (twin)
        throw new InputError(
          resultsFile(dir),
          line,
          'id',
          `cell ${result.id} (${describe(result)}) is there and in ${twin.where}: a cell must come from one shard only`,
        );
      found.set(result.id, { result, where });
    }
  }
  const missing = first.cells.filter((c) => !found.has(c.id));
  if (missing.length > 0)
    throw new ConfigError(
      `${missing.length} of ${ids.size} cells are in none of ${dirs.join(', ')}, e.g. ${missing
        .slice(0, 3)
        .map((c) => `${c.id} (${describe(c)})`)
        .join(', ')}: run their shards (or resume them) first`,
    );
  const { shard, ...whole } = first;
  await writeManifest(out, whole as Manifest);
  const lines = [...found.values()]
    .map((f) => f.result)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((r) => `${JSON.stringify(r)}\n`);
  await writeFileAtomic(resultsFile(out), lines.join(''));
  return { cells: lines.length, stale };
}

const describe = (c: { label: string; workload: string; load: number; seed: number | string }): string =>
  `${c.label} on ${c.workload} at load ${c.load}, seed ${c.seed}`;
