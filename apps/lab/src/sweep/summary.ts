import { join } from 'node:path';
import { confidenceInterval } from '@js/metrics';
import { writeFileAtomic } from '../output/atomic.ts';
import { formatNumber, renderTable } from '../output/table.ts';
import { replicatedFigures } from '../run/replicated.ts';
import type { Manifest } from './manifest.ts';
import type { CellResult } from './results-log.ts';

/** The figures summarised: those a replicated report gives intervals for. */
export const summaryMetrics = replicatedFigures;
const CONFIDENCE = 0.95;

/** One discipline on one workload at one load: a figure's mean over the seeds, with its interval. */
export interface SummaryRow {
  readonly metric: string;
  readonly workload: string;
  readonly discipline: string;
  readonly load: number;
  /** Seeds with a result. */
  readonly seeds: number;
  readonly mean: number;
  /** Half-width of the 95 % confidence interval (Student t); not finite with fewer than 2 seeds. */
  readonly halfWidth: number;
}

export interface SweepSummary {
  readonly sweep: string;
  readonly confidence: number;
  /** Cells of the grid without a result (an unfinished sweep). */
  readonly missingCells: number;
  readonly rows: readonly SummaryRow[];
}

/**
 * Group the results by metric, workload, discipline and load, in the grid's order (from
 * `sweep.json`, the same for every way the sweep was run), the seeds' values in grid order too,
 * so the sums, and so the bytes written, never depend on the order lines arrived in.
 */
export function summarize(manifest: Manifest, results: readonly CellResult[]): SweepSummary {
  const byId = new Map(results.map((r) => [r.id, r]));
  const groups = new Map<
    string,
    { workload: string; discipline: string; load: number; cells: CellResult[] }
  >();
  for (const cell of manifest.cells) {
    const key = JSON.stringify([cell.workload, cell.label, cell.load]);
    let group = groups.get(key);
    if (!group)
      groups.set(
        key,
        (group = { workload: cell.workload, discipline: cell.label, load: cell.load, cells: [] }),
      );
    const result = byId.get(cell.id);
    if (result) group.cells.push(result);
  }
  const rows: SummaryRow[] = [];
  for (const metric of summaryMetrics)
    for (const group of groups.values()) {
      if (group.cells.length === 0) continue;
      const ci = confidenceInterval(
        group.cells.map((r) => figure(r, metric)),
        { confidence: CONFIDENCE },
      );
      const { cells, ...where } = group;
      rows.push({ metric, ...where, seeds: cells.length, mean: ci.mean, halfWidth: ci.halfWidth });
    }
  const missingCells = manifest.cells.filter((c) => !byId.has(c.id)).length;
  return { sweep: manifest.name, confidence: CONFIDENCE, missingCells, rows };
}

/**
 * A figure of a result line; NaN where the run had none (JSON keeps NaN as null). A replicated
 * cell's figure is its replications' mean; a saturated one's is unbounded (Infinity).
 */
function figure(result: CellResult, path: string): number {
  if (result.replicated) {
    if (result.replicated.stop === 'saturated') return Number.POSITIVE_INFINITY;
    const mean = result.replicated.figures[path]?.mean;
    return typeof mean === 'number' ? mean : Number.NaN;
  }
  let v: unknown = result.summary;
  for (const key of path.split('.')) v = (v as Record<string, unknown> | null)?.[key];
  return typeof v === 'number' ? v : Number.NaN;
}

/** One table per metric and workload: disciplines down, loads across, mean ± half-width. */
export function summaryTables(summary: SweepSummary): string {
  const tables = new Map<string, SummaryRow[]>();
  for (const row of summary.rows) {
    const key = `${row.metric} on ${row.workload}`;
    tables.set(key, [...(tables.get(key) ?? []), row]);
  }
  const out: string[] = [];
  for (const [title, rows] of tables) {
    const loads = [...new Set(rows.map((r) => r.load))];
    const disciplines = [...new Set(rows.map((r) => r.discipline))];
    const at = (d: string, load: number) => rows.find((r) => r.discipline === d && r.load === load);
    out.push(
      `${title}: mean ± ${formatNumber(100 * summary.confidence)} % confidence half-width over seeds`,
      renderTable(
        ['discipline', ...loads.map((l) => `load ${formatNumber(l)}`)],
        disciplines.map((d) => [
          d,
          ...loads.map((l) => {
            const r = at(d, l);
            return r ? `${formatNumber(r.mean)} ± ${formatNumber(r.halfWidth)}` : '';
          }),
        ]),
      ),
    );
  }
  return out.join('\n');
}

const csvField = (value: string | number): string => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};

/** The rows as CSV for pandas or R: full precision, an empty field where a figure is not finite. */
export function summaryCsv(summary: SweepSummary): string {
  const head = ['metric', 'workload', 'discipline', 'load', 'seeds', 'mean', 'half_width'];
  const lines = summary.rows.map((r) =>
    [r.metric, r.workload, r.discipline, r.load, r.seeds, r.mean, r.halfWidth].map(csvField).join(','),
  );
  return `${[head.join(','), ...lines].join('\n')}\n`;
}

/** `summary.csv` and `summary.json` in `dir`, each replaced whole. */
export async function writeSummary(dir: string, summary: SweepSummary): Promise<void> {
  await writeFileAtomic(join(dir, 'summary.csv'), summaryCsv(summary));
  // Not-finite figures (one seed's half-width, a figure no job had) become null.
  await writeFileAtomic(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
}
