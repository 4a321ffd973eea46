/**
 * Where a resumable scan for a job shape's earliest start stopped; see
 * {@link AvailabilityProfile.earliestBefore}. Good until the profile changes: then
 * {@link EarliestScan.restart} it (reused, not reallocated: compression restarts scans at every move).
 */
export class EarliestScan {
  /** The next segment to look at, counted from the profile's start. */
  next = 0;
  /** The segment the run of room being scanned starts at (−1: none). */
  run = -1;
  /** The earliest start once found (NaN: not yet). A double from the start, so storing one allocates nothing. */
  found = Number.NaN;

  /** Scan again from the profile's start. */
  restart(): void {
    this.next = 0;
    this.run = -1;
    this.found = Number.NaN;
  }
}
