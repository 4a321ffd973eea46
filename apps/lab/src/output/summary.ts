import type { RunSummary } from '@js/metrics';
import type { RunReport } from '../run/execute.ts';
import { type ReplicatedReport, replicatedFigures } from '../run/replicated.ts';
import { formatNumber, renderTable } from './table.ts';

/** One row of a figures table: a label (discipline, partition) and its figures. */
interface Row {
  readonly label: string;
  readonly summary: RunSummary;
}

/** The figures `run` and `compare` show, one column each. */
const columns: readonly [string, (r: Row) => string | number][] = [
  ['status', (r) => r.summary.status],
  ['jobs', (r) => r.summary.jobs.finished + r.summary.jobs.killed],
  ['mean wait s', (r) => r.summary.wait.mean],
  ['mean response s', (r) => r.summary.response.mean],
  // Leinberger et al.'s weighted response: weight = run time × Σ resource shares (RunSummary).
  ['res-weighted resp s', (r) => r.summary.resourceWeightedResponseTime],
  ['mean bsld', (r) => r.summary.boundedSlowdown.mean],
  ['p95 bsld', (r) => r.summary.boundedSlowdown.p95],
  ['max wait s', (r) => r.summary.wait.max],
  ['utilisation', (r) => r.summary.utilisation.processors],
  ['mean queue', (r) => r.summary.meanQueueLength],
  ['makespan s', (r) => r.summary.makespan],
];

function figuresTable(first: string, rows: readonly Row[]): string {
  return renderTable(
    [first, ...columns.map(([name]) => name)],
    rows.map((r) => [r.label, ...columns.map(([, get]) => get(r))]),
  );
}

/** Side-by-side table of runs over the same jobs. */
export function comparisonTable(reports: readonly RunReport[]): string {
  return figuresTable(
    'discipline',
    reports.map((r) => ({ label: r.discipline, summary: r.summary })),
  );
}

/** A partitioned run: one row per partition (name, discipline, processors), then the whole machine. */
export function partitionTable(report: RunReport): string {
  return figuresTable('partition', [
    ...(report.partitions ?? []).map((p) => ({
      label: `${p.name} (${p.discipline}, ${p.first}-${p.last})`,
      summary: p.summary,
    })),
    { label: 'overall', summary: report.summary },
  ]);
}

/** Each discipline's counters in one line, or undefined when none kept any. */
export function countersLine(report: RunReport): string | undefined {
  const parts = Object.entries(report.result.counters)
    .filter(([, c]) => Object.keys(c).length > 0)
    .map(
      ([name, c]) =>
        `${name}: ${Object.entries(c)
          .map(([k, v]) => `${k} ${formatNumber(v)}`)
          .join(', ')}`,
    );
  return parts.length ? `counters: ${parts.join('; ')}` : undefined;
}

/** What was done to the workload before the run (cleaning, skipped lines), in one line. */
export function workloadLine(report: RunReport['workload']): string {
  const parts = [`workload ${report.name}: ${report.processors} processors`];
  if (report.read)
    parts.push(`${report.read.jobs} job lines read, ${report.read.skippedLines} malformed lines skipped`);
  if (report.cleaning) {
    const changed = Object.entries(report.cleaning.counts)
      .filter(([, n]) => n > 0)
      .map(
        ([rule, n]) => `${rule} ${n} (${report.cleaning!.rules[rule as keyof typeof report.cleaning.rules]})`,
      );
    parts.push(
      `cleaning: ${report.cleaning.jobsIn} in, ${report.cleaning.jobsOut} out${changed.length ? `; ${changed.join(', ')}` : ''}`,
    );
  }
  return parts.join('; ');
}

/** Column names of the figures a replicated table shows (others go by their path). */
const figureLabels: Readonly<Record<string, string>> = {
  'response.mean': 'mean response s',
  'wait.mean': 'mean wait s',
  'boundedSlowdown.mean': 'mean bsld',
  'partitionSize.mean': 'mean partition',
  'utilisation.processors': 'utilisation',
  meanQueueLength: 'mean queue',
};

/** The figures of replicated runs: each a mean ± the half-width of its confidence interval. */
export function replicatedTable(reports: readonly ReplicatedReport[]): string {
  const figures = [...new Set(reports.flatMap((r) => [r.statistic, ...replicatedFigures]))];
  const cell = (r: ReplicatedReport, path: string): string => {
    // A saturated load has no finite mean (Anastasiadis & Sevcik's ∞).
    if (r.stop === 'saturated') return 'saturated';
    const ci = r.figures[path]!;
    return `${formatNumber(ci.mean)} ± ${formatNumber(ci.halfWidth)}`;
  };
  return renderTable(
    ['discipline', 'stop', 'replications', ...figures.map((f) => figureLabels[f] ?? f)],
    reports.map((r) => [r.discipline, r.stop, r.replications, ...figures.map((f) => cell(r, f))]),
  );
}

/** What the intervals of a replicated table are, in one line. */
export function replicationLine(r: ReplicatedReport): string {
  const { confidence } = r.figures[r.statistic]!;
  return `workload ${r.workload}: ${formatNumber(100 * confidence)} % confidence intervals over replications of ${r.measuredJobs} measured jobs after ${r.warmUpJobs} of warm-up (seeds ${r.seeds[0]}, …); saturated when ${r.saturationAfter} more arrive before they leave`;
}
