import type { JobView } from '@js/core';

/**
 * Give `leftover` processors to `jobs`, which already hold `counts` (their minimums), one at a
 * time (LSF-RTC-AD, seed 000 §5.1): without speedup knowledge to the job with the smallest
 * allocation (equalising; ties to the earliest), with it to the job whose efficiency S(p)/p is
 * highest *after* receiving the processor. Never above a job's maximum. Returns the processors
 * nobody could take.
 */
export function spreadLeftovers(jobs: readonly JobView[], counts: number[], leftover: number): number {
  let left = leftover;
  while (left > 0) {
    let best = -1;
    let bestKey = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i]!;
      const next = counts[i]! + 1;
      if (next > job.maxSize) continue;
      const key = job.speedup ? job.speedup(next) / next : -counts[i]!;
      if (key > bestKey) {
        best = i;
        bestKey = key;
      }
    }
    if (best < 0) break;
    counts[best]!++;
    left--;
  }
  return left;
}
