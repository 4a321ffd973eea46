import { fitsWithin } from '@js/machine';

/**
 * The plain availability profile (sorted arrays, linear scans) that {@link AvailabilityProfile}
 * replaced, kept as the reference its property tests compare against.
 *
 * An availability profile: free processors and free amounts of each named resource as a step
 * function of time from `now` on (sorted breakpoints). Conservative backfilling keeps every
 * reservation in it, so a job's earliest start is a scan over breakpoints rather than a
 * re-simulation of the future.
 *
 * Segment k covers [time[k], time[k+1]) (the last one runs to infinity); its free amounts are
 * `free[k·stride … k·stride + K]`, processors first.
 */
export class LinearAvailabilityProfile {
  readonly #stride: number;
  #time: number[] = [];
  #free: number[] = [];

  constructor(
    readonly processors: number,
    readonly capacities: ArrayLike<number>,
  ) {
    this.#stride = 1 + capacities.length;
  }

  /** Number of segments (breakpoints) the profile holds now. */
  get segments(): number {
    return this.#time.length;
  }

  /** Start again from an empty machine at `now`. */
  reset(now: number): void {
    this.#time = [now];
    this.#free = [this.processors, ...Array.from(this.capacities)];
  }

  /** Move the profile's start to `now`, forgetting the past (now ≥ the current start). */
  advance(now: number): void {
    const time = this.#time;
    let k = 0;
    while (k + 1 < time.length && time[k + 1]! <= now) k++;
    if (k > 0) {
      time.splice(0, k);
      this.#free.splice(0, k * this.#stride);
    }
    time[0] = now;
  }

  /**
   * The earliest time ≥ the profile's start at which `processors` and `demand` are free for
   * `duration` seconds.
   */
  earliest(duration: number, processors: number, demand: ArrayLike<number>): number {
    const time = this.#time;
    const n = time.length;
    let k = 0;
    while (k < n) {
      const start = time[k]!;
      const end = start + duration;
      let m = k;
      while (m < n && time[m]! < end && this.#fitsIn(m, processors, demand)) m++;
      if (m === n || time[m]! >= end) return start;
      // Segment m is too full: no start before its end can work.
      k = m + 1;
    }
    return Number.POSITIVE_INFINITY;
  }

  /**
   * Whether a job that holds [`limit`, `limit` + `duration`) could start before `limit` once it gives
   * that hold back: {@link earliest} after {@link give} would then move it up. Read-only, so
   * conservative backfilling's compression tests each waiting job without lifting the many that
   * stay where they are.
   */
  fitsBefore(limit: number, duration: number, processors: number, demand: ArrayLike<number>): boolean {
    const time = this.#time;
    const n = time.length;
    let k = 0;
    while (k < n && time[k]! < limit) {
      const end = time[k]! + duration;
      let m = k;
      // A window starting before `limit` ends before `limit` + `duration`: wherever it reaches the
      // job's own hold (a segment starting at `limit` or later), the hold given back would fit it.
      while (m < n && time[m]! < end && (time[m]! >= limit || this.#fitsIn(m, processors, demand))) m++;
      if (m === n || time[m]! >= end) return true;
      k = m + 1;
    }
    return false;
  }

  /** Whether `processors` and `demand` fit in the segment holding the instant just before `limit`. */
  fitsJustBefore(limit: number, processors: number, demand: ArrayLike<number>): boolean {
    const time = this.#time;
    if (time.length === 0 || !(limit > time[0]!)) return false;
    let k = time.length - 1;
    while (time[k]! >= limit) k--;
    return this.#fitsIn(k, processors, demand);
  }

  /** Where the run of segments with room that ends at `limit` begins, walking back no further than `floor`. */
  fitsSince(limit: number, processors: number, demand: ArrayLike<number>, floor: number): number {
    const time = this.#time;
    if (time.length === 0 || !(limit > time[0]!)) return limit;
    let since = limit;
    let k = time.length - 1;
    while (time[k]! >= limit) k--;
    for (; k >= 0 && since > floor && this.#fitsIn(k, processors, demand); k--) since = time[k]!;
    return since;
  }

  /** The most processors free at any time in [start, end). */
  mostFree(start: number, end: number): number {
    const time = this.#time;
    let most = Number.NEGATIVE_INFINITY;
    for (let k = this.#segmentAt(Math.max(start, time[0]!)); k < time.length && time[k]! < end; k++)
      most = Math.max(most, this.#free[k * this.#stride]!);
    return most;
  }

  /** Whether `processors` and `demand` are free throughout [start, start + duration). */
  fitsAt(start: number, duration: number, processors: number, demand: ArrayLike<number>): boolean {
    const end = start + duration;
    for (let m = this.#segmentAt(start); m < this.#time.length && this.#time[m]! < end; m++) {
      if (!this.#fitsIn(m, processors, demand)) return false;
    }
    return true;
  }

  /** Take `processors` and `demand` over [start, start + duration). */
  take(start: number, duration: number, processors: number, demand: ArrayLike<number>): void {
    this.#add(start, start + duration, -1, processors, demand);
  }

  /** Give back what {@link take} took. */
  give(start: number, duration: number, processors: number, demand: ArrayLike<number>): void {
    this.#add(start, start + duration, 1, processors, demand);
  }

  /**
   * Give back, over [start, end), what a job holding until `end` took: the rest of a job that left
   * at `start`, before its estimated end (`end` exactly, not `start` + a rounded duration).
   */
  release(start: number, end: number, processors: number, demand: ArrayLike<number>): void {
    this.#add(start, end, 1, processors, demand);
  }

  /**
   * From `start` on, for ever, take as much of `processors` and `demand` as each segment has free
   * (where it has less, nothing of that kind is left). Conservative backfilling holds this for a
   * job whose start is unknown (it waits for a job of unknown estimate), so that no later job takes
   * what it may need, whenever it starts. {@link give} cannot undo it: {@link reset} instead.
   */
  takeFree(start: number, processors: number, demand: ArrayLike<number>): void {
    const s = this.#stride;
    const free = this.#free;
    const less = (f: number, x: number): number => (f > x ? f - x : Math.min(f, 0));
    for (let k = this.#split(start); k < this.#time.length; k++) {
      free[k * s] = less(free[k * s]!, processors);
      for (let r = 0; r < demand.length; r++) free[k * s + 1 + r] = less(free[k * s + 1 + r]!, demand[r]!);
    }
  }

  #add(start: number, end: number, sign: number, processors: number, demand: ArrayLike<number>): void {
    if (!(end > start)) return;
    const first = this.#split(start);
    const last = end === Number.POSITIVE_INFINITY ? this.#time.length : this.#split(end);
    const s = this.#stride;
    const free = this.#free;
    for (let k = first; k < last; k++) {
      free[k * s] = free[k * s]! + sign * processors;
      for (let r = 0; r < demand.length; r++) free[k * s + 1 + r] = free[k * s + 1 + r]! + sign * demand[r]!;
    }
    // Only the two ends can now separate equal segments: join them, or a profile kept for a whole
    // run fills up with breakpoints that mark nothing (a reservation moved away, a hole given back).
    this.#join(last);
    this.#join(first);
  }

  /** Drop breakpoint k if segments k − 1 and k are free alike. */
  #join(k: number): void {
    const time = this.#time;
    if (k <= 0 || k >= time.length) return;
    const s = this.#stride;
    const free = this.#free;
    for (let r = 0; r < s; r++) if (free[(k - 1) * s + r] !== free[k * s + r]) return;
    time.splice(k, 1);
    free.splice(k * s, s);
  }

  #fitsIn(k: number, processors: number, demand: ArrayLike<number>): boolean {
    const s = this.#stride;
    if (this.#free[k * s]! < processors) return false;
    // The ledger's own rule, so a start the profile plans is one the ledger accepts.
    return fitsWithin(demand, this.#free, this.capacities, k * s + 1);
  }

  /** Index of the segment containing t (t ≥ first breakpoint). */
  #segmentAt(t: number): number {
    const time = this.#time;
    let lo = 0;
    let hi = time.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (time[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Make t a breakpoint; returns its segment index. */
  #split(t: number): number {
    const k = this.#segmentAt(t);
    if (this.#time[k] === t) return k;
    const s = this.#stride;
    this.#time.splice(k + 1, 0, t);
    this.#free.splice((k + 1) * s, 0, ...this.#free.slice(k * s, (k + 1) * s));
    return k + 1;
  }
}
