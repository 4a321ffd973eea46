import type { SimJob } from './sim-job.ts';

/**
 * The jobs of one state (running, suspended, checkpointed): add and delete in O(1) by a position
 * kept on the job (a job is in one state at a time), with no hashing. Iteration order is not
 * arrival order; snapshots sort.
 */
export class JobSet {
  readonly #jobs: SimJob[] = [];

  get size(): number {
    return this.#jobs.length;
  }

  add(job: SimJob): void {
    job.stateIndex = this.#jobs.length;
    this.#jobs.push(job);
  }

  delete(job: SimJob): void {
    const jobs = this.#jobs;
    const last = jobs.pop()!;
    if (last !== job) {
      jobs[job.stateIndex] = last;
      last.stateIndex = job.stateIndex;
    }
    job.stateIndex = -1;
  }

  [Symbol.iterator](): IterableIterator<SimJob> {
    return this.#jobs[Symbol.iterator]();
  }
}
