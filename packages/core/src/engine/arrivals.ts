import type { Job } from '../job/job.ts';
import { enter } from './admission.ts';
import type { Route } from './partitions.ts';
import type { World } from './world.ts';

/**
 * The workload as the engine reads it: one job ahead of its arrival, admitted (checked and
 * routed) when read. Arrivals come in submit order, so they need no place in the event heap:
 * the engine merges the one read ahead with it.
 */
export class Arrivals {
  readonly #w: World;
  readonly #route: Route;
  readonly #source: Iterator<Job> | AsyncIterator<Job>;
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

  async pullAsync(): Promise<void> {
    if (this.done) return;
    const next = await (this.#source as AsyncIterator<Job>).next();
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
