import type { JobView } from './job-view.ts';
import type { SimJob } from './sim-job.ts';

const NONE: readonly JobView[] = Object.freeze([]);
const byArrival = (a: SimJob, b: SimJob) => a.arrival - b.arrival;

/**
 * The jobs of one state (running, suspended, checkpointed): add and delete in O(1) by a position
 * kept on the job (a job is in one state at a time), with no hashing. Iteration order is not
 * arrival order; the frozen list of views a discipline reads is, rebuilt (and sorted) only at
 * the first read after a change.
 */
export class JobSet {
  readonly #jobs: SimJob[] = [];
  #views: readonly JobView[] = NONE;
  #stale = false;

  get size(): number {
    return this.#jobs.length;
  }

  add(job: SimJob): void {
    job.stateIndex = this.#jobs.length;
    this.#jobs.push(job);
    this.#stale = true;
  }

  delete(job: SimJob): void {
    const jobs = this.#jobs;
    const last = jobs.pop()!;
    if (last !== job) {
      jobs[job.stateIndex] = last;
      last.stateIndex = job.stateIndex;
    }
    job.stateIndex = -1;
    this.#stale = true;
  }

  /** The views of its jobs, in arrival order, frozen. */
  views(): readonly JobView[] {
    if (this.#stale) {
      this.#stale = false;
      const list = [...this.#jobs];
      for (let i = 1; i < list.length; i++) {
        if (list[i - 1]!.arrival > list[i]!.arrival) {
          list.sort(byArrival);
          break;
        }
      }
      this.#views = list.length ? Object.freeze(list.map((job) => job.view)) : NONE;
    }
    return this.#views;
  }

  [Symbol.iterator](): IterableIterator<SimJob> {
    return this.#jobs[Symbol.iterator]();
  }
}
