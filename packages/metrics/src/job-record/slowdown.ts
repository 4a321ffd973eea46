/**
 * Slowdown figures of one job (Feitelson & Rudolph's definitions as used across the job-scheduling
 * literature): how much longer the job stayed in the system than it ran.
 */

/** τ of bounded slowdown in seconds: the usual 10 s, so that very short jobs do not dominate the mean. */
export const DEFAULT_BOUNDED_SLOWDOWN_THRESHOLD = 10;

/**
 * response / runTime. A job that never ran (runTime ≤ 0) has no finite slowdown: the result is
 * Infinity, and summaries leave such jobs out of the slowdown distribution.
 */
export function slowdown(response: number, runTime: number): number {
  return runTime > 0 ? response / runTime : Number.POSITIVE_INFINITY;
}

/** max(1, response / max(runTime, τ)). */
export function boundedSlowdown(
  response: number,
  runTime: number,
  threshold: number = DEFAULT_BOUNDED_SLOWDOWN_THRESHOLD,
): number {
  return Math.max(1, response / Math.max(runTime, threshold));
}
