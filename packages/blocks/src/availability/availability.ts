import type { EarliestScan } from './earliest-scan.ts';
import { ProfileSegments } from './segments.ts';

/**
 * An availability profile: free processors and free amounts of each named resource as a step
 * function of time from `now` on (sorted breakpoints). Conservative backfilling keeps every
 * reservation in it, so a job's earliest start is a scan over breakpoints rather than a
 * re-simulation of the future.
 *
 * Speed: conservative backfilling asks a profile of hundreds of breakpoints millions of times
 * whether a job could start sooner, so the breakpoints live in flat typed arrays
 * ({@link ProfileSegments}). Scans are one pass over the runs of segments that fit, and a machine
 * with processors only skips the per-resource rule.
 */
export class AvailabilityProfile extends ProfileSegments {
  /**
   * The earliest time ≥ the profile's start at which `processors` and `demand` are free for
   * `duration` seconds.
   */
  earliest(duration: number, processors: number, demand: ArrayLike<number>): number {
    const time = this.time;
    const h = this.head;
    const n = this.n;
    // No time to hold: the profile's start will do, whatever is free there.
    if (!(duration > 0)) return n > 0 ? time[h]! : Number.POSITIVE_INFINITY;
    // The start of the run of fitting segments the scan is in (−1: none): a window that fits
    // starts where such a run starts and ends before the run's first segment that does not fit.
    let run = -1;
    for (let k = 0; k < n; k++) {
      if (this.fitsIn(h + k, processors, demand)) {
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
   * than from the profile's start; when the profile changes, tell the scan what changed
   * ({@link EarliestScan.changed}) or restart it.
   */
  earliestBefore(
    scan: EarliestScan,
    limit: number,
    duration: number,
    processors: number,
    demand: ArrayLike<number>,
  ): number {
    if (scan.gave < Number.POSITIVE_INFINITY) this.#heard(scan, duration, processors, demand);
    const found = scan.found;
    if (!Number.isNaN(found)) return found < limit ? found : Number.POSITIVE_INFINITY;
    // Nothing before `next` fits: nothing before `limit`.
    if (limit <= scan.next) return Number.POSITIVE_INFINITY;
    this.#scanOn(scan, limit, duration, processors, demand);
    return scan.found < limit ? scan.found : Number.POSITIVE_INFINITY;
  }

  /**
   * Room was given back from `scan.gave` on. A window that fits now and did not before overlaps a
   * give, so it starts after `gave` − `duration`, and no earlier than the run of room that reaches
   * `gave` (all of it before `gave` is in the window); the earliest give bounds them all. Rewind the
   * scan there if it had been past it.
   */
  #heard(scan: EarliestScan, duration: number, processors: number, demand: ArrayLike<number>): void {
    const gave = scan.gave;
    scan.gave = Number.POSITIVE_INFINITY;
    const floor = gave - duration;
    const from = Math.max(floor, this.fitsSince(gave, processors, demand, floor));
    const found = scan.found;
    if (from < (Number.isNaN(found) ? scan.next : found)) scan.rewind(from);
  }

  #scanOn(
    scan: EarliestScan,
    limit: number,
    duration: number,
    processors: number,
    demand: ArrayLike<number>,
  ): void {
    const time = this.time;
    const h = this.head;
    const n = this.n;
    if (!(duration > 0)) {
      scan.found = n > 0 ? time[h]! : Number.POSITIVE_INFINITY;
      return;
    }
    // As in `earliest`; it stops at `limit` only between runs, since a run that starts before
    // `limit` may yet prove long enough.
    let k = this.firstAtOrAfter(scan.next);
    let run = -1;
    for (; k < n; k++) {
      const t = time[h + k]!;
      if (run < 0 && t >= limit) break;
      if (this.fitsIn(h + k, processors, demand)) {
        if (run < 0) run = k;
        if (t >= time[h + run]! + duration) break;
      } else if (run >= 0) {
        if (t >= time[h + run]! + duration) break;
        run = -1;
      }
    }
    if (k < n && run >= 0) scan.found = time[h + run]!;
    else if (k === n) scan.found = run >= 0 ? time[h + run]! : Number.POSITIVE_INFINITY;
    scan.next = k < n ? time[h + k]! : Number.POSITIVE_INFINITY;
  }

  /**
   * Whether a job that holds [`limit`, `limit` + `duration`) could start before `limit` once it gives
   * that hold back: {@link earliest} after {@link give} would then move it up. Read-only, so
   * conservative backfilling's compression tests each waiting job without lifting the many that
   * stay where they are.
   */
  fitsBefore(limit: number, duration: number, processors: number, demand: ArrayLike<number>): boolean {
    const time = this.time;
    const h = this.head;
    const n = this.n;
    if (!(duration > 0)) return n > 0 && time[h]! < limit;
    let run = -1;
    let k = 0;
    for (; k < n && time[h + k]! < limit; k++) {
      if (this.fitsIn(h + k, processors, demand)) {
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
    const time = this.time;
    const h = this.head;
    if (this.n === 0 || !(limit > time[h]!)) return false;
    return this.fitsIn(h + this.segmentBefore(limit), processors, demand);
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
    const time = this.time;
    const h = this.head;
    if (this.n === 0 || !(limit > time[h]!)) return limit;
    let k = this.segmentBefore(limit);
    let since = limit;
    for (; k >= 0 && since > floor && this.fitsIn(h + k, processors, demand); k--) since = time[h + k]!;
    return since;
  }

  /** The most processors free at any time in [start, end). */
  mostFree(start: number, end: number): number {
    const time = this.time;
    const h = this.head;
    const s = this.stride;
    let most = Number.NEGATIVE_INFINITY;
    for (let k = this.segmentAt(Math.max(start, time[h]!)); k < this.n && time[h + k]! < end; k++)
      most = Math.max(most, this.free[(h + k) * s]!);
    return most;
  }

  /** Whether `processors` and `demand` are free throughout [start, start + duration). */
  fitsAt(start: number, duration: number, processors: number, demand: ArrayLike<number>): boolean {
    const end = start + duration;
    const time = this.time;
    const h = this.head;
    for (let m = this.segmentAt(start); m < this.n && time[h + m]! < end; m++) {
      if (!this.fitsIn(h + m, processors, demand)) return false;
    }
    return true;
  }

  /** Take `processors` and `demand` over [start, start + duration). */
  take(start: number, duration: number, processors: number, demand: ArrayLike<number>): void {
    this.add(start, start + duration, -1, processors, demand);
  }

  /** Give back what {@link take} took. */
  give(start: number, duration: number, processors: number, demand: ArrayLike<number>): void {
    this.add(start, start + duration, 1, processors, demand);
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
    this.add(to, from, -1, processors, demand);
    this.add(end, from + duration, 1, processors, demand);
  }

  /**
   * Give back, over [start, end), what a job holding until `end` took: the rest of a job that left
   * at `start`, before its estimated end (`end` exactly, not `start` + a rounded duration).
   */
  release(start: number, end: number, processors: number, demand: ArrayLike<number>): void {
    this.add(start, end, 1, processors, demand);
  }

  /**
   * From `start` on, for ever, take as much of `processors` and `demand` as each segment has free
   * (where it has less, nothing of that kind is left). Conservative backfilling holds this for a
   * job whose start is unknown (it waits for a job of unknown estimate), so that no later job takes
   * what it may need, whenever it starts. {@link give} cannot undo it: {@link reset} instead.
   */
  takeFree(start: number, processors: number, demand: ArrayLike<number>): void {
    const s = this.stride;
    const free = this.free;
    const less = (f: number, x: number): number => (f > x ? f - x : Math.min(f, 0));
    for (let k = this.split(start); k < this.n; k++) {
      const row = (this.head + k) * s;
      free[row] = less(free[row]!, processors);
      for (let r = 0; r < demand.length; r++) free[row + 1 + r] = less(free[row + 1 + r]!, demand[r]!);
    }
  }
}
