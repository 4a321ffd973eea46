import { type AvailabilityProfile, EarliestScan } from '@js/blocks';

/** A job shape's scan, as of the profile's `version`. */
export class ShapeScan extends EarliestScan {
  constructor(public version: number) {
    super();
  }
}

/**
 * The least of the values recorded since a version, for versions recorded one by one (1, 2, 3…):
 * a stack of (version, value), both rising from the bottom, since a value hides every earlier one
 * that is no less.
 */
class LeastSince {
  readonly #versions: number[] = [];
  readonly #values: number[] = [];
  #top = 0;

  record(version: number, value: number): void {
    let top = this.#top;
    while (top > 0 && this.#values[top - 1]! >= value) top--;
    this.#versions[top] = version;
    this.#values[top] = value;
    this.#top = top + 1;
  }

  /** The least value recorded at a version after `version` (∞ if none). */
  after(version: number): number {
    const versions = this.#versions;
    const top = this.#top;
    // The latest record is always on top, and versions are recorded one by one: one change since
    // (the common question) is answered without a search.
    if (top > 0 && versions[top - 1] === version + 1) return this.#values[top - 1]!;
    let lo = 0;
    let hi = top;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (versions[mid]! > version) hi = mid;
      else lo = mid + 1;
    }
    return lo < top ? this.#values[lo]! : Number.POSITIVE_INFINITY;
  }
}

/**
 * Each job shape's (estimate, processors) earliest start in an availability profile as it stands,
 * scanned for once per shape until the profile changes where that scan looked. Conservative
 * backfilling's compression asks, of every waiting job, whether it could start before its
 * reservation; with `AvailabilityProfile.fitsJustBefore` that is this start and one search. A real
 * trace's queue is a few shapes many times over (on RICC, 321 shapes among 44 770 jobs; one holds
 * 48 % of them), so most jobs cost a lookup instead of a scan of the profile up to their
 * reservation. A shape's scan goes no further than the reservations asked about, and resumes when a
 * later one is.
 *
 * Each change is told with the earliest times it took room at and gave room at ({@link forget}),
 * and a scan looks again only where such a change could alter its answer
 * (`AvailabilityProfile.revise`): a window that gained room ends after where room was given, so a
 * scan looks again from there less its estimate, and a found window that lost room is looked for
 * again from its start. Compression moves a job up: it takes room from the job's new start and
 * gives back room where its old hold ends up uncovered, often much later, so a scan mostly looks
 * again over a stretch of the profile near the move, not from its start (on RICC, restarting every
 * scan at each of the hundred or so moves of a compression took over half of conservative's time).
 *
 * Jobs that need named resources get a scan of their own: their demands rarely repeat.
 */
export class EarliestByShape {
  /** estimate → processors → the shape's scan. */
  readonly #scans = new Map<number, Map<number, ShapeScan>>();
  /** Bumped at each change to the profile. */
  #version = 0;
  /** The earliest times room was taken at, and given back at, by each change. */
  readonly #taken = new LeastSince();
  readonly #given = new LeastSince();
  /** The scan of a job that needs named resources, restarted at each question. */
  readonly #ownScan = new EarliestScan();

  constructor(readonly profile: AvailabilityProfile) {}

  /**
   * The scan a job of this shape shares with the others of its shape (looked up once, when it
   * arrives; compression then reads it from the job's entry); undefined for a job that needs named
   * resources, which gets a scan of its own at each question.
   */
  of(estimate: number, processors: number, demand: ArrayLike<number>): ShapeScan | undefined {
    if (demand.length > 0) return undefined;
    let bySize = this.#scans.get(estimate);
    if (bySize === undefined) {
      bySize = new Map();
      this.#scans.set(estimate, bySize);
    }
    let scan = bySize.get(processors);
    if (scan === undefined) {
      scan = new ShapeScan(this.#version);
      bySize.set(processors, scan);
    }
    return scan;
  }

  /** The earliest start of a job of this shape in the profile now, if before `limit`; else ∞. */
  before(
    shape: ShapeScan | undefined,
    limit: number,
    estimate: number,
    processors: number,
    demand: ArrayLike<number>,
  ): number {
    let scan: EarliestScan;
    if (shape === undefined) {
      // A scan of its own, from the start: reused, since compression asks at every visit.
      scan = this.#ownScan;
      scan.restart();
    } else {
      if (shape.version !== this.#version) {
        const since = shape.version;
        this.profile.revise(shape, this.#taken.after(since), this.#given.after(since), estimate);
        shape.version = this.#version;
      }
      scan = shape;
    }
    return this.profile.earliestBefore(scan, limit, estimate, processors, demand);
  }

  /**
   * The profile changed: it lost room at times from `taken` on and gained room from `given` on (by
   * default, anywhere).
   */
  forget(taken = Number.NEGATIVE_INFINITY, given = Number.NEGATIVE_INFINITY): void {
    const version = ++this.#version;
    this.#taken.record(version, taken);
    this.#given.record(version, given);
  }
}
