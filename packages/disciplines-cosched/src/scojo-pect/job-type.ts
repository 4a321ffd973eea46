import type { JobView } from '@js/core';

/**
 * Scojo-PECT's job types (seed 002, §4.7, §5.1), numbered as the `zeng-sodan-multicore` workload's
 * `jobType` trait numbers them: the order of the slices within an interval.
 */
export const jobTypes = ['short', 'medium', 'long'] as const;
/** A Scojo-PECT job type by name: short (≤ 10 min), medium (≤ 3 h) or long (§5.1). */
export type JobTypeName = (typeof jobTypes)[number];
/** A job type as its slice's position in the interval: 0 short, 1 medium, 2 long. */
export type JobType = 0 | 1 | 2;
/** Short jobs (≤ 10 min, §5.1): the interval's first slice, only space-shared, never matchmade. */
export const SHORT: JobType = 0;
/** Medium jobs (≤ 3 h, §5.1): the interval's second slice, by default 30 % of what the short slice leaves. */
export const MEDIUM: JobType = 1;
/** Long jobs (over 3 h, or of unknown estimate): the interval's last slice, by default 70 % of what the short slice leaves. */
export const LONG: JobType = 2;

/** The runtime bounds (seconds) that type a job lacking the workload's `jobType` trait. */
export interface TypeBounds {
  /** Short jobs run ≤ this many seconds (§5.1: 10 min). */
  readonly shortRuntime: number;
  /** Medium jobs run ≤ this many seconds (§5.1: 3 h); longer ones are long. */
  readonly mediumRuntime: number;
}

/**
 * A job's type. §4.7 sorts jobs "according to job type based on their runtime": the workload's
 * visible `jobType` trait carries that classification (by the job's true base runtime). A job
 * without it is typed by its runtime estimate, and one of unknown estimate is long.
 */
export function jobTypeOf(job: JobView, bounds: TypeBounds): JobType {
  const declared = job.traits?.jobType;
  if (declared === SHORT || declared === MEDIUM || declared === LONG) return declared;
  if (job.estimate <= bounds.shortRuntime) return SHORT;
  return job.estimate <= bounds.mediumRuntime ? MEDIUM : LONG;
}
