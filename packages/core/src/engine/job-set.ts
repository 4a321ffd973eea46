import type { JobView } from './job-view.ts';
import type { SimJob } from './sim-job.ts';

const NONE: readonly JobView[] = Object.freeze([]);
const byArrival = (a: SimJob, b: SimJob) => a.arrival - b.arrival;

/** Stamps of list builds, run-wide, so that a job listed once in a build is not listed twice. */
let builds = 0;

/**
 * The jobs of one state (running, suspended, checkpointed): add and delete in O(1) by a position
 * kept on the job (a job is in one state at a time), with no hashing. Iteration order is not
 * arrival order; the frozen list of views a discipline reads is, rebuilt only at the first read
 * after a change. The rebuild keeps the last list less the jobs that left and merges in the ones
 * added since, sorted: a preemptive discipline that moves a few of hundreds of stopped jobs each
 * round pays for a pass over them, not for a sort.
 */
export class JobSet {
  readonly #jobs: SimJob[] = [];
  /** The jobs of the last list, in arrival order (some may have left since). */
  #listed: SimJob[] = [];
  /** Jobs added since the last list (some may have left again), while that is worth keeping. */
  #added: SimJob[] = [];
  /** Whether more jobs came and went than the set holds: the next list is sorted afresh. */
  #overrun = false;
  #views: readonly JobView[] = NONE;
  #stale = false;

  get size(): number {
    return this.#jobs.length;
  }

  add(job: SimJob): void {
    job.stateIndex = this.#jobs.length;
    this.#jobs.push(job);
    this.#stale = true;
    // A set nobody reads must not keep every job that ever passed through it.
    if (this.#overrun) return;
    if (this.#added.length < this.#jobs.length + 16) this.#added.push(job);
    else {
      this.#overrun = true;
      this.#added = [];
    }
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
      const list = this.#overrun ? [...this.#jobs].sort(byArrival) : this.#merged();
      this.#overrun = false;
      this.#added = [];
      this.#listed = list;
      this.#views = list.length ? Object.freeze(list.map((job) => job.view)) : NONE;
    }
    return this.#views;
  }

  [Symbol.iterator](): IterableIterator<SimJob> {
    return this.#jobs[Symbol.iterator]();
  }

  #has(job: SimJob): boolean {
    return job.stateIndex >= 0 && this.#jobs[job.stateIndex] === job;
  }

  /** The last list less the jobs that left, merged with the jobs added since (each once). */
  #merged(): SimJob[] {
    const build = ++builds;
    const kept: SimJob[] = [];
    for (const job of this.#listed) {
      if (!this.#has(job)) continue;
      job.listedBuild = build;
      kept.push(job);
    }
    // A job that left and came back, or came twice, is listed once.
    const fresh: SimJob[] = [];
    for (const job of this.#added) {
      if (!this.#has(job) || job.listedBuild === build) continue;
      job.listedBuild = build;
      fresh.push(job);
    }
    if (fresh.length === 0) return kept;
    fresh.sort(byArrival);
    const list: SimJob[] = new Array(kept.length + fresh.length);
    let i = 0;
    let j = 0;
    for (let k = 0; k < list.length; k++)
      list[k] =
        j >= fresh.length || (i < kept.length && kept[i]!.arrival < fresh[j]!.arrival)
          ? kept[i++]!
          : fresh[j++]!;
    return list;
  }
}
