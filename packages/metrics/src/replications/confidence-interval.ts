import { parseOptions } from '@js/core';
import * as z from 'zod';
import { studentTQuantile } from './student-t.ts';

/** Options of {@link confidenceInterval} and {@link enoughReplications}. */
export const replicationOptionsSchema = z.strictObject({
  /** Two-sided confidence level of the interval. */
  confidence: z.number().gt(0).lt(1).default(0.95),
  /** Stop when half-width / |mean| is at most this (Anastasiadis & Sevcik: 5 %). */
  targetRelativeHalfWidth: z.number().positive().default(0.05),
  /** Never stop with fewer replications than this. */
  minReplications: z.number().int().min(2).default(2),
});

/** Options of {@link confidenceInterval} and {@link enoughReplications} as a caller writes them (defaults: 95 %, 5 %, at least 2). */
export type ReplicationOptions = z.input<typeof replicationOptionsSchema>;

/** Mean of replication values with a Student-t confidence interval. */
export interface ConfidenceInterval {
  readonly replications: number;
  readonly mean: number;
  /** Sample standard deviation (n − 1 in the denominator). */
  readonly standardDeviation: number;
  readonly confidence: number;
  /** t(1 − (1−confidence)/2, n−1) · s / √n; Infinity with fewer than 2 values. */
  readonly halfWidth: number;
  readonly lower: number;
  readonly upper: number;
  /** halfWidth / |mean| (Infinity when the mean is 0 and the half-width is not). */
  readonly relativeHalfWidth: number;
}

/** The mean of `values` (one per replication) with its confidence interval (95 % by default). */
export function confidenceInterval(
  values: readonly number[],
  options?: ReplicationOptions,
): ConfidenceInterval {
  const { confidence } = parseOptions('replications', replicationOptionsSchema, options);
  const n = values.length;
  const mean = n === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / n;
  // Two passes: the sum of squared deviations from the mean, not Σx² − n·mean², which cancels badly.
  const squares = values.reduce((a, x) => a + (x - mean) * (x - mean), 0);
  const standardDeviation = n > 1 ? Math.sqrt(squares / (n - 1)) : Number.NaN;
  const halfWidth =
    n > 1
      ? studentTQuantile(1 - (1 - confidence) / 2, n - 1) * (standardDeviation / Math.sqrt(n))
      : Number.POSITIVE_INFINITY;
  const relativeHalfWidth = halfWidth === 0 ? 0 : halfWidth / Math.abs(mean);
  return {
    replications: n,
    mean,
    standardDeviation,
    confidence,
    halfWidth,
    lower: mean - halfWidth,
    upper: mean + halfWidth,
    relativeHalfWidth,
  };
}

/** True when the replications so far pin the mean down: relative half-width ≤ the target (5 %). */
export function enoughReplications(values: readonly number[], options?: ReplicationOptions): boolean {
  const resolved = parseOptions('replications', replicationOptionsSchema, options);
  if (values.length < resolved.minReplications) return false;
  return confidenceInterval(values, resolved).relativeHalfWidth <= resolved.targetRelativeHalfWidth;
}
