import { DDSketch } from '@datadog/sketches-js';
import { CompensatedSum } from './compensated-sum.ts';

/**
 * Relative accuracy α of median / p95 unless a run asks otherwise: a reported quantile is within
 * ±1 % of the true one.
 */
export const DEFAULT_QUANTILE_ACCURACY = 0.01;

/** What a summary reports for one per-job figure (wait, response, slowdown…). */
export interface DistributionSummary {
  /** Values counted. */
  readonly count: number;
  /** Exact (compensated sum / count). NaN when count is 0, as are the figures below. */
  readonly mean: number;
  /** Estimated: see {@link Distribution}. */
  readonly median: number;
  /** 95th percentile, estimated: see {@link Distribution}. */
  readonly p95: number;
  /** Exact. */
  readonly max: number;
}

/**
 * A streaming distribution of one per-job figure, in memory that does not grow with the number of
 * values. Mean and max are exact. Quantiles come from a DDSketch (Masson, Rim & Lee, VLDB 2019,
 * as implemented by `@datadog/sketches-js`): `quantile(q)` estimates x₍k₎, the value at rank
 * k = ⌊q·(n−1)⌋ (0-based) of the sorted values, with relative error at most α:
 * |estimate − x₍k₎| ≤ α·x₍k₎, and zero exactly. For an even count the median is the lower middle
 * value. Estimates are clamped to the exact minimum and maximum seen, so a quantile never falls
 * outside the data (a bounded slowdown of exactly 1 is never reported as 0.99).
 *
 * Memory: one bin per bucket (γ^(i−1), γ^i] with γ = (1+α)/(1−α) between the smallest and the
 * largest positive value seen (rounded up to 128), i.e. about ln(max/min) / (2α) bins whatever the
 * count. At α = 1 %: 1 612 bins for figures between 1 µs and 10^8 s, and never more than 71 000
 * over the whole range of doubles. (The library's collapsing stores would cap this further, but in
 * version 2.1.1 they count a bin twice when they collapse, so the plain dense store is used.)
 */
export class Distribution {
  readonly #sketch: DDSketch;
  readonly #sum = new CompensatedSum();
  #count = 0;
  #max = Number.NEGATIVE_INFINITY;
  #min = Number.POSITIVE_INFINITY;

  constructor(readonly relativeAccuracy: number = DEFAULT_QUANTILE_ACCURACY) {
    this.#sketch = new DDSketch({ relativeAccuracy });
  }

  /** Count a finite value; a non-finite one is ignored (see `slowdown` for where that happens). */
  add(value: number): void {
    if (!Number.isFinite(value)) return;
    this.#sketch.accept(value);
    this.#sum.add(value);
    this.#count++;
    if (value > this.#max) this.#max = value;
    if (value < this.#min) this.#min = value;
  }

  get count(): number {
    return this.#count;
  }

  /** Estimate of the value at rank ⌊q·(n−1)⌋, within the relative error α; NaN when empty. */
  quantile(q: number): number {
    if (this.#count === 0) return Number.NaN;
    return Math.min(this.#max, Math.max(this.#min, this.#sketch.getValueAtQuantile(q)));
  }

  /** Numbers held by the sketch's stores (see the memory note above). */
  get storedBins(): number {
    return this.#sketch.store.bins.length + this.#sketch.negativeStore.bins.length;
  }

  /** Count, mean, median, 95th percentile (to the sketch's accuracy) and maximum of the values added so far; NaN when empty. */
  summary(): DistributionSummary {
    const empty = this.#count === 0;
    return {
      count: this.#count,
      mean: empty ? Number.NaN : this.#sum.value / this.#count,
      median: this.quantile(0.5),
      p95: this.quantile(0.95),
      max: empty ? Number.NaN : this.#max,
    };
  }
}
