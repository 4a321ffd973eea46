/**
 * Percentiles of positive ratios in bounded memory: a histogram on a logarithmic scale with
 * buckets 0.5 % wide (so a percentile is within 0.5 % of the exact one), kept sparse. Zeng &
 * Sodan's fairness figures (R / R_est, §5.2) need only the 75th and 95th percentiles, and a run
 * may have a million jobs (memory follows jobs in the system, spec 10 §5).
 */
export class RatioSketch {
  static readonly #step = Math.log1p(0.005);
  readonly #buckets = new Map<number, number>();
  #count = 0;
  #sorted: number[] | undefined;

  get count(): number {
    return this.#count;
  }

  add(ratio: number): void {
    if (!(ratio > 0) || !Number.isFinite(ratio)) return;
    const k = Math.floor(Math.log(ratio) / RatioSketch.#step);
    const n = this.#buckets.get(k);
    if (n === undefined) this.#sorted = undefined;
    this.#buckets.set(k, (n ?? 0) + 1);
    this.#count++;
  }

  /** The q-quantile (0 < q ≤ 1), as the middle of its bucket; NaN when empty. */
  quantile(q: number): number {
    if (this.#count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil(q * this.#count));
    this.#sorted ??= [...this.#buckets.keys()].sort((a, b) => a - b);
    const keys = this.#sorted;
    let seen = 0;
    for (const k of keys) {
      seen += this.#buckets.get(k)!;
      if (seen >= rank) return Math.exp((k + 0.5) * RatioSketch.#step);
    }
    return Math.exp((keys[keys.length - 1]! + 0.5) * RatioSketch.#step);
  }
}
