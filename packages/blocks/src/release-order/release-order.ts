import type { JobView } from '@js/core';

/**
 * Running jobs in order of estimated end, kept as jobs start rather than re-sorted at every
 * decision (a real trace has hundreds of jobs running at each of ~10⁶ instants). The end is
 * fixed when a job starts: backfilling disciplines never preempt or resize. Jobs that have left
 * are dropped lazily by {@link prune}.
 */
export class ReleaseOrder {
  /** Estimated ends, ascending; `jobs[i]` ends at `ends[i]`. Read-only outside this class. */
  readonly ends: number[] = [];
  readonly jobs: JobView[] = [];

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
    ends.splice(lo, 0, end);
    this.jobs.splice(lo, 0, job);
  }

  /** Drop the jobs that are no longer running. */
  prune(): void {
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
