import { parseOptions } from '@js/core';
import { replicateOptionsSchema } from '@js/metrics';
import { prepare, readWorkloadSpec } from '../commands/shared.ts';
import { runDiscipline } from '../run/execute.ts';
import { generatedSpec, runReplicated } from '../run/replicated.ts';
import type { Cell } from './cells.ts';
import type { Grid } from './grid.ts';
import type { CellResult } from './results-log.ts';

/** What a worker needs to run one cell: plain data, as it crosses to a worker process. */
export interface CellTask {
  readonly cell: Cell;
  /** The cell's workload spec, written as a JSON file (`-w` of the equivalent `schedlab run`). */
  readonly specFile: string;
  readonly settings: Pick<Grid, 'profile' | 'contention' | 'knowledge' | 'exactRuntimes' | 'replicate'>;
  readonly plugins: readonly string[];
}

/**
 * Run one cell as `schedlab run -d <discipline> -w <specFile> --seed <seed> …` would: the app's one
 * run path, with the settings `prepare` builds from those flags (no progress bar of its own; the
 * sweep has one).
 */
export async function runCell(task: CellTask): Promise<CellResult> {
  const { cell, settings } = task;
  const prepared = await prepare({
    workload: task.specFile,
    seed: String(cell.seed),
    options: cell.options,
    profile: settings.profile,
    contention: settings.contention,
    stop: 'all-left',
    knowledge: settings.knowledge,
    exactRuntimes: settings.exactRuntimes,
    json: true,
    plugin: [...task.plugins],
  });
  const { spec, ...described } = cell;
  const r = settings.replicate;
  if (r) {
    const plan = {
      statistic: r.statistic,
      warmUp: r.warmUp,
      measured: r.measured,
      saturationAfter: r.saturationAfter,
      target: parseOptions('replications', replicateOptionsSchema, {
        confidence: r.confidence,
        targetRelativeHalfWidth: r.precision,
        minReplications: r.minReplications,
        maxReplications: r.maxReplications,
      }),
    };
    const generated = generatedSpec(await readWorkloadSpec(task.specFile), task.specFile);
    const report = await runReplicated(cell.discipline, generated, prepared.settings, plan);
    const { summaries, ...replicated } = report;
    return {
      ...described,
      status: report.stop === 'saturated' ? 'saturated' : 'completed',
      replicated,
      counters: {},
    };
  }
  const report = await runDiscipline(cell.discipline, prepared.workload, prepared.settings);
  return {
    ...described,
    status: report.summary.status,
    summary: report.summary,
    counters: report.result.counters,
  };
}
