import * as z from 'zod';
import { DEFAULT_QUANTILE_ACCURACY } from '../distribution/distribution.ts';
import { DEFAULT_BOUNDED_SLOWDOWN_THRESHOLD } from '../job-record/slowdown.ts';

/** Options of {@link createRunMetrics}; every one has a default, so `{}` measures all jobs. */
export const runMetricsOptionsSchema = z.strictObject({
  /** τ of bounded slowdown, seconds. */
  boundedSlowdownThreshold: z.number().positive().default(DEFAULT_BOUNDED_SLOWDOWN_THRESHOLD),
  /** Jobs ignored at the start, by submission order (Anastasiadis & Sevcik: 500). */
  warmUpJobs: z.number().int().nonnegative().default(0),
  /** Jobs measured after the warm-up; later arrivals are ignored (A&S: 19 500). Absent: all. */
  measuredJobs: z.number().int().positive().optional(),
  /** Relative accuracy α of median / p95 (see `Distribution`); sketch memory grows as 1/α. */
  quantileAccuracy: z.number().min(0.0001).lt(1).default(DEFAULT_QUANTILE_ACCURACY),
});

/** What a caller may pass. */
export type RunMetricsOptions = z.input<typeof runMetricsOptionsSchema>;
/** The options with defaults applied. */
export type ResolvedRunMetricsOptions = z.output<typeof runMetricsOptionsSchema>;
