import { fitsWithin } from '@js/machine';

/**
 * The storage of an {@link AvailabilityProfile}: free processors and free amounts of each named
 * resource as a step function of time, with the index arithmetic its queries and changes share.
 *
 * Segment k covers [time[k], time[k+1]) (the last one runs to infinity); its free amounts are
 * `free[k·stride … k·stride + K]`, processors first. The breakpoints live in flat typed arrays (no
 * per-segment objects, no array splices that allocate) from a moving head: forgetting the past
 * (`advance`, once per decision) moves the head instead of shifting every later breakpoint.
 */
export abstract class ProfileSegments {
  protected readonly stride: number;
  /** Breakpoints `time[head … head + n)`; room beyond for splits. */
  protected time = new Float64Array(16);
  protected free: Float64Array;
  protected head = 0;
  protected n = 0;

  constructor(
    readonly processors: number,
    readonly capacities: ArrayLike<number>,
  ) {
    this.stride = 1 + capacities.length;
    this.free = new Float64Array(16 * this.stride);
  }

  /** Number of segments (breakpoints) the profile holds now. */
  get segments(): number {
    return this.n;
  }

  /** Start again from an empty machine at `now`. */
  reset(now: number): void {
    this.head = 0;
    this.n = 1;
    this.time[0] = now;
    this.free[0] = this.processors;
    for (let r = 0; r < this.capacities.length; r++) this.free[1 + r] = this.capacities[r]!;
  }

  /** Move the profile's start to `now`, forgetting the past (now ≥ the current start). */
  advance(now: number): void {
    const time = this.time;
    const h = this.head;
    let k = 0;
    while (k + 1 < this.n && time[h + k + 1]! <= now) k++;
    this.head = h + k;
    this.n -= k;
    time[this.head] = now;
  }

  protected add(
    start: number,
    end: number,
    sign: number,
    processors: number,
    demand: ArrayLike<number>,
  ): void {
    if (!(end > start)) return;
    const first = this.split(start);
    const last = end === Number.POSITIVE_INFINITY ? this.n : this.split(end);
    const s = this.stride;
    const free = this.free;
    const h = this.head;
    for (let k = first; k < last; k++) {
      const row = (h + k) * s;
      free[row] = free[row]! + sign * processors;
      for (let r = 0; r < demand.length; r++) free[row + 1 + r] = free[row + 1 + r]! + sign * demand[r]!;
    }
    // Only the two ends can now separate equal segments: join them, or a profile kept for a whole
    // run fills up with breakpoints that mark nothing (a reservation moved away, a hole given back).
    this.join(last);
    this.join(first);
  }

  /** Drop breakpoint k if segments k − 1 and k are free alike. */
  protected join(k: number): void {
    if (k <= 0 || k >= this.n) return;
    const s = this.stride;
    const free = this.free;
    const row = (this.head + k) * s;
    for (let r = 0; r < s; r++) if (free[row - s + r] !== free[row + r]) return;
    const h = this.head;
    this.time.copyWithin(h + k, h + k + 1, h + this.n);
    free.copyWithin(row, row + s, (h + this.n) * s);
    this.n--;
  }

  protected fitsIn(row: number, processors: number, demand: ArrayLike<number>): boolean {
    const s = this.stride;
    if (this.free[row * s]! < processors) return false;
    // The ledger's own rule, so a start the profile plans is one the ledger accepts.
    return s === 1 || fitsWithin(demand, this.free, this.capacities, row * s + 1);
  }

  /** Index of the segment containing t (t ≥ first breakpoint), searched from segment `from` on. */
  protected segmentAt(t: number, from = 0): number {
    const time = this.time;
    const h = this.head;
    let lo = from;
    let hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (time[h + mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Index of the first segment that starts at or after t (n when none does). */
  protected firstAtOrAfter(t: number): number {
    const time = this.time;
    const h = this.head;
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (time[h + mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the last segment that starts before t (t > the first breakpoint). */
  protected segmentBefore(t: number): number {
    const time = this.time;
    const h = this.head;
    let lo = 0;
    let hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (time[h + mid]! < t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Make t a breakpoint; returns its segment index. */
  protected split(t: number): number {
    const k = this.segmentAt(t);
    if (this.time[this.head + k] === t) return k;
    this.makeRoom();
    const s = this.stride;
    const h = this.head;
    const n = this.n;
    const time = this.time;
    const free = this.free;
    // Segment k + 1 starts at t, free as segment k was.
    time.copyWithin(h + k + 2, h + k + 1, h + n);
    time[h + k + 1] = t;
    free.copyWithin((h + k + 2) * s, (h + k + 1) * s, (h + n) * s);
    free.copyWithin((h + k + 1) * s, (h + k) * s, (h + k + 1) * s);
    this.n = n + 1;
    return k + 1;
  }

  /** Ensure one more breakpoint fits after the last: move the live ones to the front, or grow. */
  protected makeRoom(): void {
    const s = this.stride;
    const h = this.head;
    const n = this.n;
    if (h + n < this.time.length) return;
    // Grow when the live breakpoints fill more than half the room, so moving them back to the
    // front happens at most once per as many advances as there are breakpoints.
    if (2 * n >= this.time.length) {
      const time = new Float64Array(2 * this.time.length);
      const free = new Float64Array(2 * this.time.length * s);
      time.set(this.time.subarray(h, h + n));
      free.set(this.free.subarray(h * s, (h + n) * s));
      this.time = time;
      this.free = free;
    } else {
      this.time.copyWithin(0, h, h + n);
      this.free.copyWithin(0, h * s, (h + n) * s);
    }
    this.head = 0;
  }
}
