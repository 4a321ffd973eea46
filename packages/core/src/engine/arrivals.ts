import type { Job } from '../job/job.ts';
import { enter } from './admission.ts';
import type { Route } from './partitions.ts';
import type { World } from './world.ts';

/**
 * An asynchronous job source that may already hold its next jobs (a reader that parses a chunk of
 * a file at a time): `takeBuffered` hands out the next one at once, exactly the job `next()` would
 * resolve to, or undefined when `next()` must be awaited (the buffer is empty, or the source has
 * ended). The engine then reads without a promise per job.
 */
export interface BufferedJobs extends AsyncIterator<Job> {
  /** The job `next()` would resolve to, if the source holds it already; else undefined. */
  takeBuffered(): Job | undefined;
}

const buffers = (source: AsyncIterator<Job>): source is BufferedJobs =>
  typeof (source as Partial<BufferedJobs>).takeBuffered === 'function';

/**
 * The workload as the engine reads it: one job ahead of its arrival, admitted (checked and
 * routed) when read. Arrivals come in submit order, so they need no place in the event heap:
 * the engine merges the one read ahead with it.
 */
export class Arrivals {
  readonly #w: World;
  readonly #route: Route;
  readonly #source: Iterator<Job> | AsyncIterator<Job>;
  /** The source, when it is asynchronous and says which jobs it holds already. */
  readonly #buffered: BufferedJobs | undefined;
  readonly isAsync: boolean;
  /** The source has no more jobs. */
  done = false;
  /** Jobs read from the source. */
  #read = 0;
  #lastSubmit = Number.NEGATIVE_INFINITY;
  /** Table entry of the job read ahead (-1: none), and its submit time. */
  ahead = -1;
  aheadTime = Number.POSITIVE_INFINITY;

  constructor(w: World, jobs: Iterable<Job> | AsyncIterable<Job>, route: Route) {
    this.#w = w;
    this.#route = route;
    this.isAsync = Symbol.asyncIterator in jobs;
    this.#source = this.isAsync
      ? (jobs as AsyncIterable<Job>)[Symbol.asyncIterator]()
      : (jobs as Iterable<Job>)[Symbol.iterator]();
    const source = this.#source as AsyncIterator<Job>;
    this.#buffered = this.isAsync && buffers(source) ? source : undefined;
  }

  /** The job read ahead has arrived: forget it (read the next one with a pull). */
  take(): number {
    const entry = this.ahead;
    this.ahead = -1;
    this.aheadTime = Number.POSITIVE_INFINITY;
    return entry;
  }

  /** Read the next job from a synchronous source (no promise: this runs once per job). */
  pullSync(): void {
    if (this.done) return;
    const next = (this.#source as Iterator<Job>).next();
    if (next.done) this.done = true;
    else this.#admit(next.value);
  }

  /**
   * Read the next job of an asynchronous source if it holds it already; false when the caller
   * must await {@link nextAsync} instead.
   */
  pullBuffered(): boolean {
    const job = this.#buffered?.takeBuffered();
    if (job === undefined) return false;
    this.#admit(job);
    return true;
  }

  async pullAsync(): Promise<void> {
    if (!this.done) this.accept(await this.nextAsync());
  }

  /**
   * The next read from an asynchronous source, for the caller to await and hand to
   * {@link accept}: the engine's loop awaits the source's own promise, one per job, where an
   * `await pullAsync()` would add a promise and a microtask turn of its own (5–10 % of the
   * engine's CPU on an in-memory source).
   */
  nextAsync(): Promise<IteratorResult<Job>> {
    return (this.#source as AsyncIterator<Job>).next();
  }

  /** Take in what the source gave: its next job, or its end. */
  accept(next: IteratorResult<Job>): void {
    if (next.done) this.done = true;
    else this.#admit(next.value);
  }

  #admit(record: Job): void {
    this.ahead = enter(this.#w, record, this.#read, this.#lastSubmit, this.#route).entry;
    this.aheadTime = record.submit;
    this.#read++;
    this.#lastSubmit = record.submit;
  }
}
