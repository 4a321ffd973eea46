import type { RunReport } from '../run/execute.ts';
import { renderTable } from './table.ts';

/** The figures `run` and `compare` show, one column each. */
const columns: readonly [string, (r: RunReport) => string | number][] = [
  ['discipline', (r) => r.discipline],
  ['status', (r) => r.summary.status],
  ['jobs', (r) => r.summary.jobs.finished + r.summary.jobs.killed],
  ['mean wait s', (r) => r.summary.wait.mean],
  ['mean response s', (r) => r.summary.response.mean],
  ['mean bsld', (r) => r.summary.boundedSlowdown.mean],
  ['p95 bsld', (r) => r.summary.boundedSlowdown.p95],
  ['max wait s', (r) => r.summary.wait.max],
  ['utilisation', (r) => r.summary.utilisation.processors],
  ['mean queue', (r) => r.summary.meanQueueLength],
  ['makespan s', (r) => r.summary.makespan],
];

/** Side-by-side table of runs over the same jobs. */
export function comparisonTable(reports: readonly RunReport[]): string {
  return renderTable(
    columns.map(([name]) => name),
    reports.map((r) => columns.map(([, get]) => get(r))),
  );
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
