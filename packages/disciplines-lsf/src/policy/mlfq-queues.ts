import type { JobView } from '@js/core';

/** A stopped job of lsf-mlfq that may resume, and what is kept on it from round to round. */
export interface Stopped {
  readonly job: JobView;
  /** Its level, fixed while it stays stopped: a job that holds no running processor acquires nothing. */
  readonly level: number;
  /**
   * One of its processors that kept it from resuming when it was last looked at (-1: not looked
   * at yet). Only a hint of where to look first: whether it still does is asked anew every round.
   */
  blocker: number;
}

/**
 * The stopped queues of lsf-mlfq: the suspended jobs that are done stopping, by level (the
 * highest, 0, first) and first come first served within a level. Rebuilt only when the engine
 * hands out a new list of suspended jobs (it does whenever a job stops, resumes or leaves) or a
 * job still stopping at the last build is done stopping (a stopping job still holds processors,
 * so its level is not yet fixed); otherwise the last build serves, with the blockers found since.
 */
export class StoppedQueues {
  #list: readonly JobView[] | undefined;
  /** Those of `#list` still stopping at the last build. */
  #stopping: JobView[] = [];
  #queue: Stopped[] = [];

  /** The queues as of `suspended` (the engine's list this round). */
  of(suspended: readonly JobView[], levelOf: (job: JobView) => number): readonly Stopped[] {
    if (suspended === this.#list && this.#stopping.every((job) => job.inOverhead)) return this.#queue;
    const before = new Map(this.#queue.map((s) => [s.job, s.blocker]));
    this.#list = suspended;
    this.#stopping = [];
    this.#queue = [];
    for (const job of suspended) {
      if (job.inOverhead) this.#stopping.push(job);
      else this.#queue.push({ job, level: levelOf(job), blocker: before.get(job) ?? -1 });
    }
    this.#queue.sort((a, b) => a.level - b.level || a.job.arrival - b.job.arrival);
    return this.#queue;
  }
}

/**
 * Per processor, the highest level number a waiting job may have and still claim it this
 * round: any if it is idle; one less than that of a running job there that may be suspended
 * (only a job of a strictly higher level may); none (-1) otherwise. Worked out once per processor
 * and kept until `forget` (called whenever a start, resume or suspension changes who holds what),
 * so asking again costs a typed-array read.
 */
export class Claimable {
  readonly #value: Float64Array;
  readonly #stamp: Uint32Array;
  /** Stamps start at 0, below it: nothing is known yet. */
  #epoch = 1;

  constructor(processors: number) {
    this.#value = new Float64Array(processors);
    this.#stamp = new Uint32Array(processors);
  }

  /** Drop every value worked out so far. */
  forget(): void {
    if (++this.#epoch === 0xffffffff) {
      this.#stamp.fill(0);
      this.#epoch = 1;
    }
  }

  /** The value for `p`, from `round` unless known since the last `forget`. */
  at(p: number, round: { claimable(p: number): number }): number {
    if (this.#stamp[p] === this.#epoch) return this.#value[p]!;
    const value = round.claimable(p);
    this.#value[p] = value;
    this.#stamp[p] = this.#epoch;
    return value;
  }
}

/**
 * The pending jobs of lsf-mlfq in arrival order, kept from round to round (the engine appends
 * arrivals to its list, and only this discipline starts them), with the least size over every
 * stretch of them: the next one that needs at most so many processors is found without looking
 * at those in between, however many wait.
 */
export class PendingQueue {
  /** Slots in arrival order; a started job's slot stays, empty, until the next rebuild. */
  #jobs: (JobView | undefined)[] = [];
  #arrivals: number[] = [];
  /** A tree of least sizes over the slots: leaves from `#width` on, Infinity where empty. */
  #least = new Float64Array(0);
  #width = 0;
  #waiting = 0;

  constructor() {
    this.#rebuild([]);
  }

  /** Brought up to date with the engine's list of pending jobs this round. */
  sync(pending: readonly JobView[]): void {
    const last = this.#arrivals.length ? this.#arrivals[this.#arrivals.length - 1]! : -1;
    let fresh = 0;
    while (fresh < pending.length && pending[pending.length - 1 - fresh]!.arrival > last) fresh++;
    const grown = this.#jobs.length + fresh;
    // Any job gone from the list but not started here, too many empty slots, or no room: rebuild.
    if (this.#waiting + fresh !== pending.length || grown > this.#width || grown > 2 * pending.length + 64) {
      this.#rebuild(pending);
      return;
    }
    for (let i = pending.length - fresh; i < pending.length; i++) this.#put(this.#jobs.length, pending[i]!);
  }

  /** How many slots there are (the end, for `next`). */
  get slots(): number {
    return this.#jobs.length;
  }

  /** The job in a slot that `next` found. */
  job(slot: number): JobView {
    return this.#jobs[slot]!;
  }

  /** The first slot from `from` on holding a job that needs at most `size` processors, or -1. */
  next(from: number, size: number): number {
    // Empty slots hold Infinity: a finite bound never takes them.
    const bound = Math.min(size, Number.MAX_VALUE);
    return from < this.#jobs.length ? this.#find(1, 0, this.#width, from, bound) : -1;
  }

  /** The first slot of a job that arrived after `arrival`. */
  after(arrival: number): number {
    let lo = 0;
    let hi = this.#arrivals.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#arrivals[mid]! <= arrival) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The job in `slot` started: it waits no more. */
  started(slot: number): void {
    this.#jobs[slot] = undefined;
    this.#waiting--;
    this.#set(slot, Number.POSITIVE_INFINITY);
  }

  #rebuild(pending: readonly JobView[]): void {
    const jobs = [...pending].sort((a, b) => a.arrival - b.arrival);
    let width = 1;
    while (width < 2 * jobs.length + 64) width *= 2;
    this.#width = width;
    this.#least = new Float64Array(2 * width).fill(Number.POSITIVE_INFINITY);
    this.#jobs = [];
    this.#arrivals = [];
    this.#waiting = 0;
    for (const job of jobs) this.#put(this.#jobs.length, job);
  }

  #put(slot: number, job: JobView): void {
    this.#jobs.push(job);
    this.#arrivals.push(job.arrival);
    this.#waiting++;
    this.#set(slot, job.size);
  }

  #set(slot: number, size: number): void {
    let node = this.#width + slot;
    this.#least[node] = size;
    for (node >>= 1; node >= 1; node >>= 1) {
      this.#least[node] = Math.min(this.#least[2 * node]!, this.#least[2 * node + 1]!);
    }
  }

  #find(node: number, lo: number, hi: number, from: number, size: number): number {
    if (hi <= from || this.#least[node]! > size) return -1;
    if (hi - lo === 1) return lo;
    const mid = (lo + hi) >> 1;
    const left = this.#find(2 * node, lo, mid, from, size);
    return left >= 0 ? left : this.#find(2 * node + 1, mid, hi, from, size);
  }
}
