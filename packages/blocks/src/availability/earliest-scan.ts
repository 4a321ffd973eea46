/**
 * Where a resumable scan for a job shape's earliest start stopped; see
 * {@link AvailabilityProfile.earliestBefore}. Good until the profile changes where it
 * looked; then {@link AvailabilityProfile.revise} it (reused, not reallocated: compression
 * revises scans at many of its moves).
 */
export class EarliestScan {
  /** The next segment to look at, counted from the profile's start. */
  next = 0;
  /** The segment the run of room being scanned starts at (−1: none). */
  run = -1;
  /** The earliest start once found (NaN: not yet). A double from the start, so storing one allocates nothing. */
  found = Number.NaN;
  /** While not found: the time the scan stopped at, between runs (the start of segment `next`). */
  stoppedAt = Number.NEGATIVE_INFINITY;

  /** Scan again from the profile's start. */
  restart(): void {
    this.next = 0;
    this.run = -1;
    this.found = Number.NaN;
    this.stoppedAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * Where this scan, for a job of `duration`, must look again from after the profile lost room at
   * times from `taken` on and gained room from `given` on (the earliest of each since it last
   * looked); NaN if it need not. It knows that no window starting before where it got to (its
   * found start, or where it stopped) fits. Losing room makes no window fit, so only one that
   * gained room can now, and that one ends after `given`: it starts after `given − duration`.
   * Besides, a found window that lost room must be looked for again from its start, and a stopped
   * scan whose segments before the stop changed must find its place in the profile again.
   */
  resumeAfter(taken: number, given: number, duration: number): number {
    const found = this.found;
    const known = Number.isNaN(found) ? this.stoppedAt : found;
    if (given - duration < known) return given - duration;
    if (Number.isNaN(found)) return taken <= known ? known : Number.NaN;
    return taken < found + duration ? found : Number.NaN;
  }
}
