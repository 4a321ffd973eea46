import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parseOptions } from '@js/core';
import { writeFileAtomic } from '../output/atomic.ts';
import { createRegistry } from '../registry/builtins.ts';
import { resolveSettings } from '../run/execute.ts';
import { countProgress } from '../workers/progress.ts';
import type { Cell } from './cells.ts';
import { disciplineOf } from './cells.ts';
import type { Grid } from './grid.ts';
import { writeManifest } from './manifest.ts';
import { runCells } from './pool.ts';
import { type CellResult, ResultsLog, readResults } from './results-log.ts';
import type { CellTask } from './run-cell.ts';
import { type Shard, shardCells } from './shard.ts';

export interface SweepPlan {
  readonly file: string;
  readonly grid: Grid;
  readonly cells: readonly Cell[];
  readonly plugins: readonly string[];
  readonly dir: string;
  readonly shard?: Shard;
  readonly workers: number;
}

export interface SweepOutcome {
  /** This shard's cells (all of them without --shard). */
  readonly cells: number;
  /** Already in `results.jsonl`, so not run again. */
  readonly skipped: number;
  readonly ran: number;
}

/**
 * Every discipline name and options, the profile and the contention model, checked before any
 * cell runs, each error located in the sweep file (`disciplines.2.options`).
 */
export async function checkGrid(file: string, grid: Grid, plugins: readonly string[]): Promise<void> {
  const registry = await createRegistry(plugins);
  for (const [d, entry] of grid.disciplines.entries()) {
    const { name, options } = disciplineOf(entry);
    const definition = registry.discipline(name);
    parseOptions(`sweep ${file}: disciplines.${d} (${name})`, definition.options, options);
  }
  resolveSettings({ registry, seed: 1, profile: grid.profile, contention: grid.contention });
}

/**
 * Run the cells of the plan's shard that `results.jsonl` does not hold yet, appending each
 * result as it ends. `sweep.json` and the workload spec of each cell are written first, so a
 * directory always says what it is a part of.
 */
export async function runSweep(plan: SweepPlan): Promise<SweepOutcome> {
  const mine = shardCells(plan.cells, plan.shard);
  await writeManifest(plan.dir, {
    name: plan.grid.name,
    grid: plan.grid,
    plugins: plan.plugins,
    ...(plan.shard ? { shard: plan.shard } : {}),
    cells: plan.cells,
  });
  const { results, wholeBytes } = readResults(plan.dir);
  const finished = new Set(results.map((r) => r.result.id));
  const todo = mine.filter((c) => !finished.has(c.id));
  const tasks = await specFiles(plan, todo);
  const log = await ResultsLog.open(plan.dir, wholeBytes);
  const progress = countProgress('sweep', 'cells', todo.length);
  try {
    await runCells(tasks, plan.workers, (result: CellResult) => {
      log.append(result);
      progress.done();
    });
  } finally {
    progress.stop();
    log.close();
  }
  return { cells: mine.length, skipped: mine.length - todo.length, ran: todo.length };
}

/** Each cell's workload spec as a file of `<dir>/workloads/`, named by its contents; the tasks that use them. */
async function specFiles(plan: SweepPlan, cells: readonly Cell[]): Promise<CellTask[]> {
  const written = new Map<string, string>();
  const tasks: CellTask[] = [];
  const { profile, contention, knowledge, exactRuntimes, replicate } = plan.grid;
  for (const cell of cells) {
    const text = `${JSON.stringify(cell.spec, null, 2)}\n`;
    const key = createHash('sha256').update(text).digest('hex').slice(0, 12);
    let file = written.get(key);
    if (!file) {
      file = join(plan.dir, 'workloads', `${key}.json`);
      await writeFileAtomic(file, text);
      written.set(key, file);
    }
    tasks.push({
      cell,
      specFile: file,
      settings: { profile, contention, knowledge, exactRuntimes, replicate },
      plugins: plan.plugins,
    });
  }
  return tasks;
}
