import { differentialAllocation } from '@js/blocks';
import type { JobView } from '@js/core';

/**
 * How the processors an activation rule granted are shared among the jobs it activated:
 * one count per job, each within the job's bounds, their sum at most the granted total.
 */
export type Distribution = (
  jobs: readonly JobView[],
  counts: readonly number[],
  processors: number,
) => number[];

/** As the activation rule said (the level-0 and level-1 policies). */
export const asActivated: Distribution = (_jobs, counts) => [...counts];

/**
 * DIF (§3.4): the activated jobs keep the rule's total, but each gets one processor and every
 * other goes to the job whose execution time falls most with one more, T(p) − T(p + 1), up to its
 * p_max. The rule thus decides only *how many* jobs start (the paper: "partition size and waiting
 * time remain the same" with DIF, only execution time changes). T(p) needs both demand and
 * speedup knowledge; without it the rule's own counts stand, so a level-2 policy becomes its
 * level-1 form.
 */
export const differential: Distribution = (jobs, counts, processors) => {
  if (jobs.some((j) => j.executionTime === undefined)) return [...counts];
  const granted = counts.reduce((sum, c) => sum + c, 0);
  return differentialAllocation(
    jobs.map((j) => ({
      minSize: j.minSize,
      maxSize: Math.min(j.maxSize, processors),
      executionTime: j.executionTime!,
    })),
    granted,
  );
};
