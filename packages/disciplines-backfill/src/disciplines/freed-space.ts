/**
 * Where compression gave space back, as a bound a waiting job must pass to move up: after the
 * profile last placed a job at its earliest, only space given back since (a departed job's hole,
 * a moved job's old slot) can let it start sooner, and only if, somewhere before its reservation,
 * that space has as many processors free as it needs. {@link bound}(t) is at least the most
 * processors free in any such region starting before t, so a job needing more cannot move: it is
 * passed over with a binary search instead of a walk along the profile.
 *
 * Kept as a non-decreasing step function of t; a region's value is taken when it is given back and
 * only ever raised (space taken later leaves the bound an upper bound).
 */
export class FreedSpace {
  /** Step starts, ascending, and the bound from each start on (non-decreasing). */
  readonly #starts: number[] = [];
  readonly #values: number[] = [];

  clear(): void {
    this.#starts.length = 0;
    this.#values.length = 0;
  }

  /** Space given back from `start` on, with at most `free` processors free. */
  add(start: number, free: number): void {
    const starts = this.#starts;
    const values = this.#values;
    let i = this.#stepAt(start);
    if (i < 0 || starts[i] !== start) {
      starts.splice(i + 1, 0, start);
      values.splice(i + 1, 0, i < 0 ? free : values[i]!);
      i++;
    }
    for (let k = i; k < values.length && values[k]! < free; k++) values[k] = free;
  }

  /** An upper bound on the processors free in given-back space that starts before `t`. */
  bound(t: number): number {
    // Regions that start before t: the last step strictly before t.
    const i = this.#stepAt(t);
    const k = i >= 0 && this.#starts[i] === t ? i - 1 : i;
    return k < 0 ? Number.NEGATIVE_INFINITY : this.#values[k]!;
  }

  /** Index of the last step starting at or before t (−1 when none). */
  #stepAt(t: number): number {
    const starts = this.#starts;
    let lo = -1;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
