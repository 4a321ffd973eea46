import { type AvailabilityProfile, EarliestScan } from '@js/blocks';

/**
 * Each job shape's (estimate, processors) earliest start in an availability profile as it stands,
 * scanned for once per shape until the profile changes. Conservative backfilling's compression
 * asks, of every waiting job, whether it could start before its reservation; with
 * `AvailabilityProfile.fitsJustBefore` that is this start and one search. A real trace's queue is
 * a few shapes many times over (on RICC, 321 shapes among 44 770 jobs; one holds 48 % of them), so
 * most jobs cost a lookup instead of a scan of the profile up to their reservation. A shape's scan
 * goes no further than the reservations asked about, and resumes when a later one is.
 *
 * Jobs that need named resources get a scan of their own: their demands rarely repeat.
 */
/** A job shape's scan, good while its `version` is the current one. */
export class ShapeScan extends EarliestScan {
  constructor(public version: number) {
    super();
  }
}

export class EarliestByShape {
  /** estimate → processors → the shape's scan. */
  readonly #scans = new Map<number, Map<number, ShapeScan>>();
  /** Bumped when the profile changes: scans are reset in place when next asked, not reallocated. */
  #version = 0;
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
        shape.restart();
        shape.version = this.#version;
      }
      scan = shape;
    }
    return this.profile.earliestBefore(scan, limit, estimate, processors, demand);
  }

  /** The profile changed: every scan starts again. */
  forget(): void {
    this.#version++;
  }
}
