import { type JobType, LONG, MEDIUM, SHORT } from './job-type.ts';

/** One time slice: the span in which one type's virtual machine runs. */
export interface Slice {
  readonly type: JobType;
  readonly start: number;
  readonly end: number;
  /** Counts slices from the run's first one: a borrow is valid for one slice only. */
  readonly index: number;
  /** Start of the interval the slice belongs to. */
  readonly boundary: number;
}

/** How the timetable cuts time: interval length and the medium and long slices' shares (§5.1: 1 h, 30 %, 70 %). */
export interface TimetableSettings {
  /** Seconds per interval: one slice of each type (the short one optional) per interval (§5.1: 1 h). */
  readonly interval: number;
  /** Relative time shares of the medium and long slices (§5.1: 30 % and 70 %). */
  readonly mediumShare: number;
  readonly longShare: number;
}

/**
 * Scojo-PECT's coarse-grain time slices (seed 002, §4.7, §5.1): intervals of fixed length from
 * time 0, each an optional short slice, then a medium and a long slice sharing the rest of the
 * interval in their relative shares. The short slice's length is decided at the start of its
 * interval (§4.7: "the slice times can be decided at the beginning of each interval") by the
 * caller; 0 means no short jobs wait and the interval has none.
 *
 * The timetable is walked lazily: a round that comes late (after an idle stretch, or under a
 * profile's decision interval) passes through every slice boundary since the last one, and each
 * type's virtual clock is credited with the time its slices took.
 */
export class Timetable {
  #slice: Slice | undefined;
  #last = Number.NaN;

  constructor(readonly settings: TimetableSettings) {}

  get current(): Slice | undefined {
    return this.#slice;
  }

  /**
   * The slice at `now`. `credit(type, seconds)` receives the time each slice ran since the last
   * call; `shortSlice(boundary)` the short slice's length for an interval starting at `boundary`.
   */
  at(
    now: number,
    credit: (type: JobType, seconds: number) => void,
    shortSlice: (boundary: number) => number,
  ): Slice {
    const { interval } = this.settings;
    if (this.#slice === undefined) {
      const boundary = Math.floor(now / interval) * interval;
      this.#slice = this.#first(boundary, shortSlice(boundary), 0);
      this.#last = now;
    }
    let slice = this.#slice;
    while (now >= slice.end) {
      credit(slice.type, slice.end - this.#last);
      this.#last = slice.end;
      slice = this.#next(slice, shortSlice);
    }
    credit(slice.type, now - this.#last);
    this.#last = now;
    this.#slice = slice;
    return slice;
  }

  /**
   * The real time at which `type` will have had `seconds` more of its slices from the current
   * instant (a conservative plan in the type's virtual time, §4.7, read as real time, §4.1). The
   * current interval's slices are known; later intervals are assumed to have no short slice
   * (short jobs are taken to get `shortSlice` seconds at each interval's start).
   */
  project(type: JobType, seconds: number, shortSlice: number): number {
    let slice = this.#slice;
    if (slice === undefined) return this.#last + seconds;
    if (!Number.isFinite(seconds)) return Number.POSITIVE_INFINITY;
    let t = this.#last;
    let left = Math.max(0, seconds);
    const { interval, mediumShare, longShare } = this.settings;
    for (;;) {
      const from = Math.max(t, slice.start);
      if (slice.type === type) {
        if (left <= slice.end - from) return from + left;
        left -= slice.end - from;
      }
      if (slice.type === LONG) break;
      slice = this.#next(slice, () => 0);
      t = slice.start;
    }
    // Whole intervals from here on: the type's slice at a fixed offset and length in each.
    const next = slice.boundary + interval;
    const short = Math.min(Math.max(shortSlice, 0), interval);
    const medium = (interval * mediumShare) / (mediumShare + longShare);
    const [offset, length] =
      type === SHORT ? [0, short] : type === MEDIUM ? [0, medium] : [medium, interval - medium];
    if (length <= 0) return Number.POSITIVE_INFINITY;
    const whole = Math.ceil(left / length) - 1;
    return next + Math.max(whole, 0) * interval + offset + (left - Math.max(whole, 0) * length);
  }

  #first(boundary: number, short: number, index: number): Slice {
    const length = Math.min(Math.max(short, 0), this.settings.interval);
    if (length > 0) return { type: SHORT, start: boundary, end: boundary + length, index, boundary };
    return this.#medium(boundary, boundary, index);
  }

  #medium(boundary: number, start: number, index: number): Slice {
    const { interval, mediumShare, longShare } = this.settings;
    const rest = boundary + interval - start;
    const end = start + (rest * mediumShare) / (mediumShare + longShare);
    return { type: MEDIUM, start, end, index, boundary };
  }

  #next(slice: Slice, shortSlice: (boundary: number) => number): Slice {
    const { interval } = this.settings;
    const { boundary } = slice;
    if (slice.type === SHORT) return this.#medium(boundary, slice.end, slice.index + 1);
    if (slice.type === MEDIUM)
      return { type: LONG, start: slice.end, end: boundary + interval, index: slice.index + 1, boundary };
    const next = boundary + interval;
    return this.#first(next, shortSlice(next), slice.index + 1);
  }
}
