/**
 * Downey's speedup model (A. B. Downey, "A parallel workload model and its implications for
 * processor allocation", HPDC 1997), as given in `shared/traces/MODELS.md` §Downey 1997: a job of
 * average parallelism A and variance in parallelism σ runs n processors at speedup S(n):
 *
 * - σ ≤ 1 (low variance): S = A·n / (A + σ(n−1)/2) for n ≤ A; S = A·n / (σ(A−½) + n(1−σ/2)) for
 *   A < n ≤ 2A−1; S = A beyond;
 * - σ > 1 (high variance): S = n·A(σ+1) / (σ(n+A−1) + A) for n ≤ A + Aσ − σ; S = A beyond;
 *
 * and S(1) = 1 in both.
 */
export function downeySpeedup(n: number, A: number, sigma: number): number {
  if (n === 1) return 1;
  if (sigma <= 1) {
    if (n <= A) return (A * n) / (A + (sigma * (n - 1)) / 2);
    if (n <= 2 * A - 1) return (A * n) / (sigma * (A - 0.5) + n * (1 - sigma / 2));
    return A;
  }
  if (n <= A + A * sigma - sigma) return (n * A * (sigma + 1)) / (sigma * (n + A - 1) + A);
  return A;
}

/** The largest useful allocation: beyond it S = A, so more processors buy nothing (MODELS.md). */
export const downeyMaxUsefulSize = (A: number, sigma: number): number =>
  Math.max(1, Math.ceil(sigma <= 1 ? 2 * A - 1 : A + A * sigma - sigma));

/** Execution time of serial work L on n processors: max(1, ⌈L / S(n)⌉) seconds (MODELS.md). */
export const downeyExecutionTime = (work: number, n: number, A: number, sigma: number): number =>
  Math.max(1, Math.ceil(work / downeySpeedup(n, A, sigma)));
