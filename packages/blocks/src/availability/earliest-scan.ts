/**
 * Where a resumable scan for a job shape's earliest start stopped; see
 * {@link AvailabilityProfile.earliestBefore}. It says what the scan has established about the
 * windows (of the shape's duration) that start at the profile's breakpoints: none before `next`
 * fits, or the earliest that fits is `found`. (A scan stops only between runs of room, or where a
 * window fits, so there is no run half followed to keep.)
 *
 * Positions are times, not segment numbers, so the scan survives changes to the profile that leave
 * what it established true: {@link EarliestScan.changed} forgets only what a change may have made
 * false. Conservative backfilling's compression moves a hundred jobs up in each pass; a move takes
 * room early (which cannot make a window that did not fit fit) and gives back room late, so most
 * scans go on from where they were instead of from the profile's start.
 */
export class EarliestScan {
  /** The first breakpoint at or after this time is the next to look at (−∞: the profile's start). */
  next = Number.NEGATIVE_INFINITY;
  /** The earliest start once found (∞: none at all; NaN: not yet). A double, so storing one allocates nothing. */
  found = Number.NaN;
  /** The earliest start of room given back since the scan last looked (∞: none). */
  gave = Number.POSITIVE_INFINITY;

  /** Scan again from the profile's start. */
  restart(): void {
    this.rewind(Number.NEGATIVE_INFINITY);
    this.gave = Number.POSITIVE_INFINITY;
  }

  /** Scan again from the first breakpoint at or after `t`; what was established before `t` stands. */
  rewind(t: number): void {
    this.next = t;
    this.found = Number.NaN;
  }

  /**
   * The profile's room changed over [`start`, `end`): more of it (`more`: a give) or less (a take).
   * Only windows of `duration` that start in (`start` − `duration`, `end`) overlap the change. Less
   * room cannot make a window fit, so a take undoes only a fit found there. More room can: the
   * scan notes where the earliest give starts, and the profile, next asked, sends the scan back to
   * the first window that could use it (see {@link AvailabilityProfile.earliestBefore}).
   */
  changed(start: number, end: number, duration: number, more: boolean): void {
    if (!(end > start)) return;
    if (more) {
      if (start < this.gave) this.gave = start;
    } else {
      const found = this.found;
      if (found > start - duration && found < end) this.rewind(found);
    }
  }
}
