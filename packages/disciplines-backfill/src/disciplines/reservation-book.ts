import type { JobView } from '@js/core';

/** A waiting job as conservative backfilling keeps it: its place in the queue and its reservation. */
export interface Waiting {
  readonly job: JobView;
  /** Position in arrival order: a later arrival has a larger one. */
  readonly seq: number;
  /**
   * The reservation's start; undefined before the job is placed. Fixed while the book holds it
   * (remove it first): the book finds the entry by it.
   */
  at: number | undefined;
  /** The book's ticket for this job's entry (−1: not entered); see {@link ReservationBook}. */
  ticket: number;
}

/**
 * The finite reservations of the waiting jobs, ordered by start, so that the jobs due at an
 * instant and the next start to wake up for are found without scanning the queue (a real trace
 * keeps thousands of jobs waiting, and compression moves a hundred of them at each departure).
 *
 * A binary heap on start with lazy removal: a removed job's entry stays until it comes to the top,
 * recognised as dead because the job no longer holds that entry's ticket. Moving a reservation is
 * then O(log n), where a sorted array shifted every later entry.
 */
export class ReservationBook<W extends Waiting = Waiting> {
  #at: number[] = [];
  #entry: W[] = [];
  #ticketOf: number[] = [];
  #tickets = 0;
  /** Tickets below this were issued before the last {@link clear}. */
  #floor = 0;
  #live = 0;

  clear(): void {
    this.#at.length = 0;
    this.#entry.length = 0;
    this.#ticketOf.length = 0;
    this.#floor = this.#tickets;
    this.#live = 0;
  }

  /** Enter `w` at its reservation `w.at` (finite). */
  add(w: W): void {
    const at = w.at!;
    w.ticket = this.#tickets++;
    this.#live++;
    this.#push(at, w, w.ticket);
    // Dead entries past the live ones: drop them all, so the heap stays O(live).
    if (this.#at.length > 2 * this.#live + 64) this.#compact();
  }

  /** Take out `w`, entered at `at`. */
  remove(w: W, at: number): void {
    if (w.ticket < this.#floor || w.at !== at)
      throw new Error(`reservation book: job ${w.job.id} is not entered at ${at}`);
    w.ticket = -1;
    this.#live--;
  }

  /** Take out every reservation due by `now`, and return them in arrival order. */
  takeDue(now: number): W[] {
    const due: W[] = [];
    while (this.#at.length > 0 && this.#at[0]! <= now) {
      const w = this.#entry[0]!;
      if (this.#alive(0)) {
        w.ticket = -1;
        this.#live--;
        due.push(w);
      }
      this.#pop();
    }
    return due.sort((a, b) => a.seq - b.seq);
  }

  /** The earliest reservation's start (∞ when none). */
  next(): number {
    this.#dropDead();
    return this.#at.length > 0 ? this.#at[0]! : Number.POSITIVE_INFINITY;
  }

  /** The earliest reservation starting after `t` (∞ when none): one due but blocked waits for an event, not a timer. */
  nextAfter(t: number): number {
    this.#dropDead();
    if (this.#at.length === 0 || this.#at[0]! > t) return this.next();
    // Due but blocked (a running job overran): rare, so lift them off, look, and put them back.
    const lifted: W[] = [];
    while (this.#at.length > 0 && this.#at[0]! <= t) {
      if (this.#alive(0)) lifted.push(this.#entry[0]!);
      this.#pop();
    }
    const next = this.next();
    for (const w of lifted) this.#push(w.at!, w, w.ticket);
    return next;
  }

  #alive(i: number): boolean {
    const w = this.#entry[i]!;
    return w.ticket === this.#ticketOf[i] && w.ticket >= this.#floor;
  }

  #dropDead(): void {
    while (this.#at.length > 0 && !this.#alive(0)) this.#pop();
  }

  #compact(): void {
    const entries: W[] = [];
    for (let i = 0; i < this.#at.length; i++) if (this.#alive(i)) entries.push(this.#entry[i]!);
    this.#at.length = 0;
    this.#entry.length = 0;
    this.#ticketOf.length = 0;
    for (const w of entries) this.#push(w.at!, w, w.ticket);
  }

  #push(at: number, w: W, ticket: number): void {
    const ats = this.#at;
    let i = ats.length;
    ats.push(at);
    this.#entry.push(w);
    this.#ticketOf.push(ticket);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (ats[parent]! <= at) break;
      this.#move(parent, i);
      i = parent;
    }
    this.#set(i, at, w, ticket);
  }

  /** Remove the top entry. */
  #pop(): void {
    const ats = this.#at;
    const last = ats.length - 1;
    const at = ats[last]!;
    const w = this.#entry[last]!;
    const ticket = this.#ticketOf[last]!;
    ats.length = last;
    this.#entry.length = last;
    this.#ticketOf.length = last;
    if (last === 0) return;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && ats[child + 1]! < ats[child]!) child++;
      if (ats[child]! >= at) break;
      this.#move(child, i);
      i = child;
    }
    this.#set(i, at, w, ticket);
  }

  #move(from: number, to: number): void {
    this.#set(to, this.#at[from]!, this.#entry[from]!, this.#ticketOf[from]!);
  }

  #set(i: number, at: number, w: W, ticket: number): void {
    this.#at[i] = at;
    this.#entry[i] = w;
    this.#ticketOf[i] = ticket;
  }
}
