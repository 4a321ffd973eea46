/** A figure of the summary table: where it is in a run's summary, and which way is better. */
export interface SummaryMetric {
  readonly key: string;
  readonly label: string;
  readonly better: 'lower' | 'higher';
}

/** The figures `run` and `compare` print, in the same order and words (apps/lab output/summary.ts). */
export const summaryMetrics: readonly SummaryMetric[] = [
  { key: 'wait.mean', label: 'mean wait s', better: 'lower' },
  { key: 'response.mean', label: 'mean response s', better: 'lower' },
  { key: 'resourceWeightedResponseTime', label: 'res-weighted resp s', better: 'lower' },
  { key: 'boundedSlowdown.mean', label: 'mean bsld', better: 'lower' },
  { key: 'boundedSlowdown.p95', label: 'p95 bsld', better: 'lower' },
  { key: 'wait.max', label: 'max wait s', better: 'lower' },
  { key: 'utilisation.processors', label: 'utilisation', better: 'higher' },
  { key: 'meanQueueLength', label: 'mean queue', better: 'lower' },
  { key: 'makespan', label: 'makespan s', better: 'lower' },
];

/** The best value of each figure over the runs (NaN skipped); undefined where none has one. */
export function bestValues(
  rows: readonly Readonly<Record<string, number>>[],
): Readonly<Record<string, number | undefined>> {
  const best: Record<string, number | undefined> = {};
  for (const m of summaryMetrics) {
    const values = rows
      .map((r) => r[m.key])
      .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    best[m.key] = values.length
      ? m.better === 'lower'
        ? Math.min(...values)
        : Math.max(...values)
      : undefined;
  }
  return best;
}
