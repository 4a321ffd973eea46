import type { Bounds } from '../equipartition/equipartition.ts';

/**
 * Activate jobs in priority order, each on min(its maximum, `target`, the processors left), the
 * *target partition size* rule of the adaptive policies (Rosti et al.'s AP1, Anastasiadis &
 * Sevcik's AEP, 1997 §3.2; with an infinite target SDF's "min(p_max, idle)", with a fixed one
 * SDF-Max, §3.3). A job is activated even when fewer than `target` processors are left, so the
 * last one activated takes the rest (the paper's footnote 1: dispatching it always paid off);
 * a job never gets fewer than its minimum, and the first whose minimum does not fit stops the
 * scan (no job overtakes it). Processors beyond every activated job's share stay free. Returns
 * one count per job (0 = not activated).
 */
export function targetPartition(jobs: readonly Bounds[], processors: number, target: number): number[] {
  const counts = new Array<number>(jobs.length).fill(0);
  let left = processors;
  for (let i = 0; i < jobs.length && left > 0; i++) {
    const { minSize, maxSize } = jobs[i]!;
    if (minSize > left) break;
    counts[i] = Math.max(minSize, Math.min(maxSize, target, left));
    left -= counts[i]!;
  }
  return counts;
}
