/**
 * Test support for the model tests: summary statistics of large seeded samples. Not exported from
 * the package.
 */

export const mean = (xs: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s / xs.length;
};

export const coefficientOfVariationOf = (xs: ArrayLike<number>): number => {
  const m = mean(xs);
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += (xs[i]! - m) ** 2;
  return Math.sqrt(s / (xs.length - 1)) / m;
};

/** The q-quantile of a sample (sorted copy, nearest rank). */
export const quantile = (xs: ArrayLike<number>, q: number): number => {
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/** Fraction of the sample for which `predicate` holds. */
export const fraction = <T>(xs: readonly T[], predicate: (x: T) => boolean): number => {
  let n = 0;
  for (const x of xs) if (predicate(x)) n++;
  return n / xs.length;
};

/** Spearman's rank correlation (average ranks for ties). */
export function rankCorrelation(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mx = mean(rx);
  const my = mean(ry);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

function ranks(xs: ArrayLike<number>): Float64Array {
  const order = Array.from({ length: xs.length }, (_, i) => i).sort((a, b) => xs[a]! - xs[b]!);
  const r = new Float64Array(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && xs[order[j + 1]!] === xs[order[i]!]) j++;
    for (let k = i; k <= j; k++) r[order[k]!] = (i + j) / 2;
    i = j + 1;
  }
  return r;
}

/**
 * Largest gap between the empirical CDF and `cdf` at the given points: a Kolmogorov-style check.
 * At n = 200,000 draws the 99.9 % Kolmogorov bound is 1.95/√n ≈ 0.0044.
 */
export function largestCdfGap(
  xs: ArrayLike<number>,
  cdf: (x: number) => number,
  at: readonly number[],
): number {
  const sorted = Float64Array.from(xs).sort();
  let gap = 0;
  for (const x of at) {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    gap = Math.max(gap, Math.abs(lo / sorted.length - cdf(x)));
  }
  return gap;
}
