import type { JobView, SchedulingContext } from '@js/core';
import { Footprint } from './footprint.ts';
import { MatrixJob } from './matrix.ts';

/**
 * Every job of LSF-PREEMPT-AD, kept from round to round as the matrix sees it: its standing is
 * taken afresh each round except while it stays pending; its footprint, and how many jobs reside
 * on each processor (running or suspended there), only when its processors change.
 */
export class Census {
  readonly #entries = new Map<JobView, MatrixJob>();
  /** How many of the discipline's jobs reside on each processor, by id. */
  readonly residents: Int32Array;
  #round = 0;

  /** A census over processors 0…processors − 1. */
  constructor(processors: number) {
    this.residents = new Int32Array(processors);
  }

  /** This round's jobs, list by list, with `served` their standing. */
  take({ pending, running, suspended }: SchedulingContext['jobs'], served: (job: JobView) => number) {
    const round = ++this.#round;
    const see = (job: JobView) => this.#see(job, served, round);
    const jobs = { pending: pending.map(see), running: running.map(see), suspended: suspended.map(see) };
    // Every job of the discipline is seen: any other has left, and no longer resides anywhere.
    if (this.#entries.size > pending.length + running.length + suspended.length) {
      for (const [job, entry] of this.#entries) {
        if (entry.seen === round) continue;
        this.#reside(entry.footprint.processors, -1);
        this.#entries.delete(job);
      }
    }
    return jobs;
  }

  #see(job: JobView, served: (job: JobView) => number, round: number): MatrixJob {
    let entry = this.#entries.get(job);
    if (!entry) this.#entries.set(job, (entry = new MatrixJob(job)));
    if (entry.footprint.processors !== job.processors) {
      this.#reside(entry.footprint.processors, -1);
      this.#reside(job.processors, 1);
      entry.footprint = new Footprint(job.processors);
    }
    // A pending job has never run (nothing returns a started job to pending), so its standing
    // stays as first read; reading it is what costs, for a backlog of them every round.
    const pending = job.state === 'pending';
    if (!(pending && entry.pending)) entry.standing = served(job);
    entry.pending = pending;
    entry.seen = round;
    return entry;
  }

  #reside(processors: readonly number[], by: number): void {
    for (const p of processors) this.residents[p] = this.residents[p]! + by;
  }
}

/** Least served first, then first come: a total order, as arrival is the arrival order. */
const byStanding = (a: MatrixJob, b: MatrixJob): number => a.standing - b.standing || a.arrival - b.arrival;

/**
 * A round's candidates best first, with an index to pass over the pending jobs whose minimum does
 * not fit: from each place, the next started candidate and the next pending one, and from a
 * pending one the next that needs fewer processors (those between need no fewer). Last round's
 * order is sorted again: a pending job's standing does not change and a running one's little, so
 * the sort has little to do, and as the order is total it is the one a fresh sort gives.
 */
export class Candidates {
  list: MatrixJob[] = [];
  /**
   * The least standing of the candidates. Once the running row, which holds the kept jobs, is
   * filled, no row holds a job below both it and that row's least.
   */
  floor = Number.POSITIVE_INFINITY;
  #round = 0;
  #started = new Int32Array(1);
  #pending = new Int32Array(1);
  #fewer = new Int32Array(1);

  /** Rank this round's candidates (`lists`). */
  rank(lists: readonly (readonly MatrixJob[])[]): void {
    const round = ++this.#round;
    const fresh: MatrixJob[] = [];
    for (const list of lists) {
      for (const job of list) {
        if (job.ranked !== round - 1) fresh.push(job);
        job.ranked = round;
      }
    }
    const order = this.list.filter((job) => job.ranked === round);
    order.push(...fresh);
    if (order.some((job, i) => i > 0 && byStanding(order[i - 1]!, job) > 0)) order.sort(byStanding);
    this.list = order;

    const n = order.length;
    if (this.#started.length <= n) {
      this.#started = new Int32Array(2 * n + 1);
      this.#pending = new Int32Array(2 * n + 1);
      this.#fewer = new Int32Array(2 * n + 1);
    }
    const [started, pending, fewer] = [this.#started, this.#pending, this.#fewer];
    let floor = Number.POSITIVE_INFINITY;
    started[n] = pending[n] = n;
    for (let i = n - 1; i >= 0; i--) {
      const job = order[i]!;
      floor = Math.min(floor, job.standing);
      started[i] = job.pending ? started[i + 1]! : i;
      pending[i] = job.pending ? i : pending[i + 1]!;
      if (!job.pending) continue;
      let after = pending[i + 1]!;
      while (after < n && order[after]!.minSize >= job.minSize) after = fewer[after]!;
      fewer[i] = after;
    }
    this.floor = floor;
  }

  /** The place from `i` on of the first candidate that is started, or pending on at most `open` processors. */
  next(i: number, open: number): number {
    let p = this.#pending[i]!;
    while (p < this.list.length && this.list[p]!.minSize > open) p = this.#fewer[p]!;
    return Math.min(p, this.#started[i]!);
  }
}
