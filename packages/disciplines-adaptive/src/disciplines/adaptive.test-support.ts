import type { Job } from '@js/core';

/** Demand and speedup both visible: what the level-2 policies need (Table 2). */
export const knowsT = { knowledge: { demand: true, speedup: true } } as const;

/**
 * A job with Sevcik's execution time T(p) = W/p + α + β·p (§5.2), moldable between 1 and p_max,
 * asking for p_max; no user estimate, as in the paper.
 */
export function sevcikJob(id: number, submit: number, W: number, pMax: number, alpha = 0, beta = 0): Job {
  const executionTime = (p: number) => W / p + alpha + beta * p;
  return {
    id,
    submit,
    size: pMax,
    minSize: 1,
    maxSize: pMax,
    runtime: executionTime(pMax),
    estimate: Number.POSITIVE_INFINITY,
    executionTime,
  };
}
