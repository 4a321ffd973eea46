import { fitsWithin } from '@js/machine';
import type { EarliestScan } from './earliest-scan.ts';

/**
 * An availability profile: free processors and free amounts of each named resource as a step
 * function of time from `now` on (sorted breakpoints). Conservative backfilling keeps every
 * reservation in it, so a job's earliest start is a scan over breakpoints rather than a
 * re-simulation of the future.
 *
 * Segment k covers [time[k], time[k+1]) (the last one runs to infinity); its free amounts are
 * `free[k·stride … k·stride + K]`, processors first.
 *
 * Speed: conservative backfilling asks a profile of hundreds of breakpoints millions of times
 * whether a job could start sooner, so the breakpoints live in flat typed arrays (no per-segment
 * objects, no array splices that allocate) from a moving head: forgetting the past (`advance`,
 * once per decision) moves the head instead of shifting every later breakpoint. Scans are one
 * pass over the runs of segments that fit, and a machine with processors only skips the
 * per-resource rule.
 */
export class AvailabilityProfile {
  readonly #stride: number;
  /** Breakpoints `#time[#head … #head + #n)`; room beyond for splits. */
  #time = new Float64Array(16);
  #free: Float64Array;
  #head = 0;
  #n = 0;

  constructor(
    readonly processors: number,
    readonly capacities: ArrayLike<number>,
  ) {
    this.#stride = 1 + capacities.length;
    this.#free = new Float64Array(16 * this.#stride);
  }

  /** Number of segments (breakpoints) the profile holds now. */
  get segments(): number {
    return this.#n;
  }

  /** Start again from an empty machine at `now`. */
  reset(now: number): void {
    this.#head = 0;
    this.#n = 1;
    this.#time[0] = now;
    this.#free[0] = this.processors;
    for (let r = 0; r < this.capacities.length; r++) this.#free[1 + r] = this.capacities[r]!;
  }

  /** Move the profile's start to `now`, forgetting the past (now ≥ the current start). */
  advance(now: number): void {
    const time = this.#time;
    const h = this.#head;
    let k = 0;
    while (k + 1 < this.#n && time[h + k + 1]! <= now) k++;
    this.#head = h + k;
    this.#n -= k;
    time[this.#head] = now;
  }

  /**
   * The earliest time ≥ the profile's start at which `processors` and `demand` are free for
   * `duration` seconds.
   */
  earliest(duration: number, processors: number, demand: ArrayLike<number>): number {
    const time = this.#time;
    const h = this.#head;
    const n = this.#n;
    // No time to hold: the profile's start will do, whatever is free there.
    if (!(duration > 0)) return n > 0 ? time[h]! : Number.POSITIVE_INFINITY;
    // The start of the run of fitting segments the scan is in (−1: none): a window that fits
    // starts where such a run starts and ends before the run's first segment that does not fit.
    let run = -1;
    for (let k = 0; k < n; k++) {
      if (this.#fitsIn(h + k, processors, demand)) {
        if (run < 0) run = k;
        if (time[h + k]! >= time[h + run]! + duration) return time[h + run]!;
      } else if (run >= 0) {
        if (time[h + k]! >= time[h + run]! + duration) return time[h + run]!;
        run = -1;
      }
    }
    return run >= 0 ? time[h + run]! : Number.POSITIVE_INFINITY;
  }

  /**
   * {@link earliest} if it is before `limit`, else ∞, scanning only as far as that takes (up to
   * `limit`, or past it to the end of a run of room that starts before it). `scan` keeps where it
   * stopped, so asking again for the same shape with a later limit goes on from there rather
   * than from the profile's start; it holds while the profile does not change where it looked
   * ({@link revise}).
   */
  earliestBefore(
    scan: EarliestScan,
    limit: number,
    duration: number,
    processors: number,
    demand: ArrayLike<number>,
  ): number {
    if (Number.isNaN(scan.found)) this.#scanOn(scan, limit, duration, processors, demand);
    return scan.found < limit ? scan.found : Number.POSITIVE_INFINITY;
  }

  /**
   * Bring `scan`, for a job of `duration`, up to date after the profile lost room at times from
   * `taken` on and gained room from `given` on: it scans again from where
   * {@link EarliestScan.resumeAfter} says, if anywhere.
   */
  revise(scan: EarliestScan, taken: number, given: number, duration: number): void {
    const from = scan.resumeAfter(taken, given, duration);
    if (Number.isNaN(from)) return;
    scan.restart();
    if (this.#n === 0 || !(from > this.#time[this.#head]!)) return;
    // It stops, between runs, where it is to look on from: no window starting before that fits,
    // so a second revise before it looks knows as much as a scan that got there.
    scan.next = this.#segmentAt(from);
    scan.stoppedAt = this.#time[this.#head + scan.next]!;
  }

  #scanOn(
    scan: EarliestScan,
    limit: number,
    duration: number,
    processors: number,
    demand: ArrayLike<number>,
  ): void {
    const time = this.#time;
    const h = this.#head;
    const n = this.#n;
    if (!(duration > 0)) {
      scan.found = n > 0 ? time[h]! : Number.POSITIVE_INFINITY;
      return;
    }
    // As in `earliest`; it stops at `limit` only between runs, since a run that starts before
    // `limit` may yet prove long enough.
    let run = scan.run;
    let k = scan.next;
    for (; k < n; k++) {
      const t = time[h + k]!;
      if (run < 0 && t >= limit) break;
      if (this.#fitsIn(h + k, processors, demand)) {
        if (run < 0) run = k;
        if (t >= time[h + run]! + duration) break;
      } else if (run >= 0) {
        if (t >= time[h + run]! + duration) break;
        run = -1;
      }
    }
    scan.next = k;
    scan.run = run;
    if (k < n && run < 0) scan.stoppedAt = time[h + k]!;
    else if (k < n) scan.found = time[h + run]!;
    else if (k === n) scan.found = run >= 0 ? time[h + run]! : Number.POSITIVE_INFINITY;
  }

  /**
   * Whether a job that holds [`limit`, `limit` + `duration`) could start before `limit` once it gives
   * that hold back: {@link earliest} after {@link give} would then move it up. Read-only, so
   * conservative backfilling's compression tests each waiting job without lifting the many that
   * stay where they are.
   */
  fitsBefore(limit: number, duration: number, processors: number, demand: ArrayLike<number>): boolean {
    const time = this.#time;
    const h = this.#head;
    const n = this.#n;
    if (!(duration > 0)) return n > 0 && time[h]! < limit;
    let run = -1;
    let k = 0;
    for (; k < n && time[h + k]! < limit; k++) {
      if (this.#fitsIn(h + k, processors, demand)) {
        if (run < 0) run = k;
      } else if (run >= 0) {
        if (time[h + k]! >= time[h + run]! + duration) return true;
        run = -1;
      }
    }
    // A run that reaches `limit` (or the profile's end) goes on into the job's own hold, which,
    // given back, fits it: the window from the run's start ends before `limit` + `duration`.
    return run >= 0;
  }

  /**
   * Whether `processors` and `demand` fit in the segment that ends at `limit` (the one holding the
   * instant just before it); false when `limit` is at or before the profile's start. With it,
   * `fitsBefore(limit, d, p, x)` is `earliest(d, p, x) < limit || fitsJustBefore(limit, p, x)`: a
   * window that starts before `limit` is either one the profile has room for already, or one that
   * runs into the job's own hold, which it can do only from a fitting segment right before it. So
   * conservative backfilling's compression, which asks this of every waiting job, finds a job
   * shape's earliest start once and then answers each job of that shape with one search.
   */
  fitsJustBefore(limit: number, processors: number, demand: ArrayLike<number>): boolean {
    const time = this.#time;
    const h = this.#head;
    if (this.#n === 0 || !(limit > time[h]!)) return false;
    return this.#fitsIn(h + this.#segmentBefore(limit), processors, demand);
  }

  /**
   * How far back from `limit` the job fits without a break: the start of the run of segments with
   * room for it that ends at `limit` (`limit` itself when the segment before has none), walking
   * back no further than the first segment that starts at or before `floor`. Once a job that holds
   * [`limit`, `limit` + `duration`) gives its hold back, its earliest start is the smaller of
   * {@link earliest} (asked before the give-back, which changes nothing before `limit`) and this:
   * the run reaching `limit` goes on into its own freed hold. Conservative backfilling moves a job
   * up with it instead of scanning the profile again; `floor`, that earliest start, bounds the walk.
   */
  fitsSince(limit: number, processors: number, demand: ArrayLike<number>, floor: number): number {
    const time = this.#time;
    const h = this.#head;
    if (this.#n === 0 || !(limit > time[h]!)) return limit;
    let k = this.#segmentBefore(limit);
    let since = limit;
    for (; k >= 0 && since > floor && this.#fitsIn(h + k, processors, demand); k--) since = time[h + k]!;
    return since;
  }

  /** The most processors free at any time in [start, end). */
  mostFree(start: number, end: number): number {
    const time = this.#time;
    const h = this.#head;
    const s = this.#stride;
    let most = Number.NEGATIVE_INFINITY;
    for (let k = this.#segmentAt(Math.max(start, time[h]!)); k < this.#n && time[h + k]! < end; k++)
      most = Math.max(most, this.#free[(h + k) * s]!);
    return most;
  }

  /** Whether `processors` and `demand` are free throughout [start, start + duration). */
  fitsAt(start: number, duration: number, processors: number, demand: ArrayLike<number>): boolean {
    const end = start + duration;
    const time = this.#time;
    const h = this.#head;
    for (let m = this.#segmentAt(start); m < this.#n && time[h + m]! < end; m++) {
      if (!this.#fitsIn(h + m, processors, demand)) return false;
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
   * Move a hold of [`from`, `from` + `duration`) up to start at `to` (≤ `from`): the same profile,
   * breakpoints included, as {@link give} then {@link take}, but where the two overlap they cancel,
   * so only [`to`, `from`) and [`to` + `duration`, `from` + `duration`) are touched. Conservative
   * backfilling moves a job with a 72 h estimate up a little at a time; its hold spans most of the
   * profile, its move only a few segments.
   */
  move(from: number, to: number, duration: number, processors: number, demand: ArrayLike<number>): void {
    const end = to + duration;
    if (!(end > from)) {
      this.give(from, duration, processors, demand);
      this.take(to, duration, processors, demand);
      return;
    }
    // The breakpoints give and take would make (to, from, end, from + duration), each joined if
    // its two sides end up free alike: the same as theirs, since [from, end) nets to nothing.
    this.#add(to, from, -1, processors, demand);
    this.#add(end, from + duration, 1, processors, demand);
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
    for (let k = this.#split(start); k < this.#n; k++) {
      const row = (this.#head + k) * s;
      free[row] = less(free[row]!, processors);
      for (let r = 0; r < demand.length; r++) free[row + 1 + r] = less(free[row + 1 + r]!, demand[r]!);
    }
  }

  #add(start: number, end: number, sign: number, processors: number, demand: ArrayLike<number>): void {
    if (!(end > start)) return;
    const first = this.#split(start);
    const last = end === Number.POSITIVE_INFINITY ? this.#n : this.#split(end);
    const s = this.#stride;
    const free = this.#free;
    const h = this.#head;
    for (let k = first; k < last; k++) {
      const row = (h + k) * s;
      free[row] = free[row]! + sign * processors;
      for (let r = 0; r < demand.length; r++) free[row + 1 + r] = free[row + 1 + r]! + sign * demand[r]!;
    }
    // Only the two ends can now separate equal segments: join them, or a profile kept for a whole
    // run fills up with breakpoints that mark nothing (a reservation moved away, a hole given back).
    this.#join(last);
    this.#join(first);
  }

  /** Drop breakpoint k if segments k − 1 and k are free alike. */
  #join(k: number): void {
    if (k <= 0 || k >= this.#n) return;
    const s = this.#stride;
    const free = this.#free;
    const row = (this.#head + k) * s;
    for (let r = 0; r < s; r++) if (free[row - s + r] !== free[row + r]) return;
    const h = this.#head;
    this.#time.copyWithin(h + k, h + k + 1, h + this.#n);
    free.copyWithin(row, row + s, (h + this.#n) * s);
    this.#n--;
  }

  #fitsIn(row: number, processors: number, demand: ArrayLike<number>): boolean {
    const s = this.#stride;
    if (this.#free[row * s]! < processors) return false;
    // The ledger's own rule, so a start the profile plans is one the ledger accepts.
    return s === 1 || fitsWithin(demand, this.#free, this.capacities, row * s + 1);
  }

  /** Index of the segment containing t (t ≥ first breakpoint), searched from segment `from` on. */
  #segmentAt(t: number, from = 0): number {
    const time = this.#time;
    const h = this.#head;
    let lo = from;
    let hi = this.#n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (time[h + mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Index of the last segment that starts before t (t > the first breakpoint). */
  #segmentBefore(t: number): number {
    const time = this.#time;
    const h = this.#head;
    let lo = 0;
    let hi = this.#n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (time[h + mid]! < t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Make t a breakpoint; returns its segment index. */
  #split(t: number): number {
    const k = this.#segmentAt(t);
    if (this.#time[this.#head + k] === t) return k;
    this.#makeRoom();
    const s = this.#stride;
    const h = this.#head;
    const n = this.#n;
    const time = this.#time;
    const free = this.#free;
    // Segment k + 1 starts at t, free as segment k was.
    time.copyWithin(h + k + 2, h + k + 1, h + n);
    time[h + k + 1] = t;
    free.copyWithin((h + k + 2) * s, (h + k + 1) * s, (h + n) * s);
    free.copyWithin((h + k + 1) * s, (h + k) * s, (h + k + 1) * s);
    this.#n = n + 1;
    return k + 1;
  }

  /** Ensure one more breakpoint fits after the last: move the live ones to the front, or grow. */
  #makeRoom(): void {
    const s = this.#stride;
    const h = this.#head;
    const n = this.#n;
    if (h + n < this.#time.length) return;
    // Grow when the live breakpoints fill more than half the room, so moving them back to the
    // front happens at most once per as many advances as there are breakpoints.
    if (2 * n >= this.#time.length) {
      const time = new Float64Array(2 * this.#time.length);
      const free = new Float64Array(2 * this.#time.length * s);
      time.set(this.#time.subarray(h, h + n));
      free.set(this.#free.subarray(h * s, (h + n) * s));
      this.#time = time;
      this.#free = free;
    } else {
      this.#time.copyWithin(0, h, h + n);
      this.#free.copyWithin(0, h * s, (h + n) * s);
    }
    this.#head = 0;
  }
}
