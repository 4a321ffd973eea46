import type { JobView } from '@js/core';

/** A waiting job as conservative backfilling keeps it: its place in the queue and its reservation. */
export interface Waiting {
  readonly job: JobView;
  /** Position in arrival order: a later arrival has a larger one. */
  readonly seq: number;
  /** The reservation's start; undefined before the job is placed. */
  at: number | undefined;
}

/**
 * The finite reservations of the waiting jobs, ordered by start (then arrival), so that the jobs
 * due at an instant and the next start to wake up for are found without scanning the queue (a
 * real trace keeps about a thousand jobs waiting at each of ~10⁶ instants).
 */
export class ReservationBook {
  readonly #entries: Waiting[] = [];

  clear(): void {
    this.#entries.length = 0;
  }

  /** Enter `w` at its reservation `w.at` (finite). */
  add(w: Waiting): void {
    this.#entries.splice(this.#after(w.at!, w.seq), 0, w);
  }

  /** Take out `w`, entered at `at`. */
  remove(w: Waiting, at: number): void {
    const i = this.#after(at, w.seq) - 1;
    if (this.#entries[i] !== w) throw new Error(`reservation book: job ${w.job.id} is not entered at ${at}`);
    this.#entries.splice(i, 1);
  }

  /** Take out every reservation due by `now`, and return them in arrival order. */
  takeDue(now: number): Waiting[] {
    const entries = this.#entries;
    let n = 0;
    while (n < entries.length && entries[n]!.at! <= now) n++;
    return entries.splice(0, n).sort((a, b) => a.seq - b.seq);
  }

  /** The earliest reservation's start (∞ when none). */
  next(): number {
    return this.#entries[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  /** The earliest reservation starting after `t` (∞ when none): one due but blocked waits for an event, not a timer. */
  nextAfter(t: number): number {
    return this.#entries[this.#after(t, Number.POSITIVE_INFINITY)]?.at ?? Number.POSITIVE_INFINITY;
  }

  /** Index just past every entry ordered at or before (at, seq). */
  #after(at: number, seq: number): number {
    const entries = this.#entries;
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const e = entries[mid]!;
      if (e.at! < at || (e.at === at && e.seq <= seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
