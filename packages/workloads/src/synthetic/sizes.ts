import type { Distribution } from '../distributions/distribution.ts';

/** A drawn size as a rigid job's processor count: the nearest integer, kept within [1, P]. */
export const jobSize = (draw: number, processors: number): number => {
  const size = Math.round(draw);
  return size < 1 ? 1 : Math.min(size, processors);
};

/**
 * E[jobSize(X, P)], exactly: size k collects X in [k − ½, k + ½) (that is what Math.round does),
 * size 1 everything below 1½ and size P everything from P − ½ up. The load calibration uses it,
 * because the rounded, clipped sizes — not the raw distribution — are what jobs occupy.
 */
export function meanJobSize(sizes: Distribution, processors: number): number {
  let mean = 0;
  let below = 0; // P(X < k − ½), carried from one k to the next
  for (let k = 1; k < processors; k++) {
    const upTo = sizes.probabilityBelow(k + 0.5);
    mean += k * (upTo - below);
    below = upTo;
  }
  return mean + processors * (1 - below);
}
