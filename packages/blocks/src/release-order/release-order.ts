import type { JobView } from '@js/core';

/**
 * Running jobs in order of estimated end, kept as jobs start rather than re-sorted at every
 * decision (a real trace has hundreds of jobs running at each of ~10⁶ instants). The end is
 * fixed when a job starts: backfilling disciplines never preempt or resize. Jobs that have left
 * are dropped lazily by {@link departed}, so readers skip those no longer running.
 */
export class ReleaseOrder {
  /** Estimated ends, ascending; `jobs[i]` ends at `ends[i]`. Read-only outside this class. */
  readonly ends: number[] = [];
  readonly jobs: JobView[] = [];
  /** Jobs held that left since the last compaction. */
  #left = 0;

  /** Record a job that has just started and ends (by estimate) at `end`. */
  add(job: JobView, end: number): void {
    const ends = this.ends;
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid]! <= end) lo = mid + 1;
      else hi = mid;
    }
    // Shifted in place: `splice` would allocate an array of the removed (none) at every start.
    const jobs = this.jobs;
    ends.push(end);
    jobs.push(job);
    for (let i = ends.length - 1; i > lo; i--) {
      ends[i] = ends[i - 1]!;
      jobs[i] = jobs[i - 1]!;
    }
    ends[lo] = end;
    jobs[lo] = job;
  }

  /**
   * `count` of the jobs held have left. They are dropped once they are over half of those held:
   * each departure then costs O(1) moves on average, not a pass over every running job.
   */
  departed(count: number): void {
    this.#left += count;
    if (this.#left * 2 <= this.jobs.length) return;
    this.#left = 0;
    const { ends, jobs } = this;
    let write = 0;
    for (let read = 0; read < jobs.length; read++) {
      if (jobs[read]!.state !== 'running') continue;
      ends[write] = ends[read]!;
      jobs[write++] = jobs[read]!;
    }
    ends.length = write;
    jobs.length = write;
  }
}
