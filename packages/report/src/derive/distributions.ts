import type { RunData } from '../model.ts';

/** The per-job figures whose distributions are drawn. */
export const distributionMetrics = [
  { key: 'wait', label: 'wait (s)' },
  { key: 'response', label: 'response (s)' },
  { key: 'boundedSlowdown', label: 'bounded slowdown' },
] as const;

export type DistributionMetric = (typeof distributionMetrics)[number]['key'];

/** A point of an empirical CDF: the fraction `p` of jobs with a figure at most `value`. */
export interface EcdfPoint {
  readonly run: string;
  readonly metric: DistributionMetric;
  readonly value: number;
  readonly p: number;
}

/**
 * Each run's ECDF of wait, response and bounded slowdown. A run of n jobs gives its n sorted
 * values when n ≤ `maxPoints`; more, and the curve is kept at `maxPoints` evenly spaced
 * quantiles (first and last included), so a 400 000-job trace draws as sharply as the screen can
 * show and the file stays small.
 */
export function ecdfs(runs: readonly RunData[], maxPoints = 200): EcdfPoint[] {
  const out: EcdfPoint[] = [];
  for (const run of runs) {
    const jobs = run.jobs;
    if (!jobs || jobs.id.length === 0) continue;
    const n = jobs.id.length;
    const columns: Record<DistributionMetric, Float64Array> = {
      wait: Float64Array.from({ length: n }, (_, i) => jobs.start[i]! - jobs.submit[i]!),
      response: Float64Array.from({ length: n }, (_, i) => jobs.end[i]! - jobs.submit[i]!),
      boundedSlowdown: Float64Array.from(jobs.boundedSlowdown.filter((v) => Number.isFinite(v))),
    };
    for (const { key } of distributionMetrics) {
      const sorted = columns[key].sort();
      for (const [value, p] of quantilePoints(sorted, maxPoints))
        out.push({ run: run.label, metric: key, value, p });
    }
  }
  return out;
}

/** (value, fraction ≤ value) pairs of sorted values, at most `maxPoints` of them. */
export function quantilePoints(sorted: Float64Array, maxPoints: number): [number, number][] {
  const n = sorted.length;
  if (n === 0) return [];
  const m = Math.min(n, Math.max(2, maxPoints));
  const out: [number, number][] = [];
  for (let k = 0; k < m; k++) {
    const i = m === 1 ? n - 1 : Math.round((k * (n - 1)) / (m - 1));
    out.push([sorted[i]!, (i + 1) / n]);
  }
  return out;
}
