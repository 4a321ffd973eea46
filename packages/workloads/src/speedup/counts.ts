import type { Distribution } from '../distributions/distribution.ts';

/*
 * Processor counts drawn from a distribution are rounded to the nearest integer and kept ≥ 1
 * (`jobSize`), so count k collects X ∈ [k − ½, k + ½) and count 1 everything below 1½. These
 * helpers answer questions about the rounded counts exactly, from P(X < x) alone.
 */

/** The smallest count a draw can round to. */
export function lowestCount(d: Distribution): number {
  if (d.probabilityBelow(1.5) > 0) return 1;
  // Double until some mass lies below, then bisect: P(X < k + ½) > 0 is monotone in k.
  let lo = 1;
  let hi = 2;
  while (!(d.probabilityBelow(hi + 0.5) > 0)) {
    lo = hi;
    hi *= 2;
    if (hi > Number.MAX_SAFE_INTEGER) return Number.POSITIVE_INFINITY;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (d.probabilityBelow(mid + 0.5) > 0) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The largest count ≤ `cap` a draw can round to (counts above `cap` count as `cap`). */
export function highestCount(d: Distribution, cap: number): number {
  if (d.probabilityBelow(cap - 0.5) < 1) return cap;
  // P(X ≥ k − ½) > 0 is monotone (decreasing) in k; count 1 is always reachable.
  let lo = 1;
  let hi = cap;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (d.probabilityBelow(mid - 0.5) < 1) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * E[f(K)] for the rounded count K, summed count by count until all but 1e-15 of the mass is
 * covered; a million counts past the lowest, the rest is charged at f of the last count (f is meant to be
 * decreasing, like 1/k², so this bounds the error by that mass × f there).
 */
export function expectationOverCounts(d: Distribution, f: (k: number) => number): number {
  const first = lowestCount(d);
  const limit = first + 1_000_000;
  let sum = 0;
  let below = 0; // P(X < k − ½), carried from one k to the next (0 below the lowest count)
  for (let k = first; k <= limit; k++) {
    const upTo = d.probabilityBelow(k + 0.5);
    if (upTo > below) sum += f(k) * (upTo - below);
    below = upTo;
    if (below >= 1 - 1e-15) return sum;
  }
  return sum + f(limit) * (1 - below);
}
