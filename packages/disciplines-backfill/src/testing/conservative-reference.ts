import type { ReferenceJob } from './easy-reference.ts';

/** A hold on processors over [start, end). */
interface Hold {
  readonly start: number;
  readonly end: number;
  readonly size: number;
}

/**
 * An independent conservative backfilling (Mu'alem & Feitelson 2001) for cross-checking the
 * engine + `conservative`: a plain loop with no profile kept between instants. At every instant
 * (departures, then arrivals, then one pass) it recomputes the holds from scratch: running jobs
 * hold [start, start + estimate). When a job left before its estimate, it compresses: each waiting
 * job, in arrival order, is lifted and put back at the earliest time it fits beside the running
 * jobs, the jobs before it (already re-placed) and the jobs after it (still at their old
 * reservations). A new arrival is placed the same way, last. Then the jobs reserved at `now` start.
 * Processors only; estimates finite and never below runtimes.
 */
export function referenceConservative(
  jobs: readonly ReferenceJob[],
  processors: number,
): Map<number, number> {
  const starts = new Map<number, number>();
  const reservation = new Map<number, number>();
  let queue: ReferenceJob[] = [];
  let running: { job: ReferenceJob; start: number }[] = [];
  let next = 0;
  while (next < jobs.length || queue.length > 0 || running.length > 0) {
    let now = Number.POSITIVE_INFINITY;
    for (const r of running) now = Math.min(now, r.start + r.job.runtime);
    for (const at of reservation.values()) now = Math.min(now, at);
    if (next < jobs.length) now = Math.min(now, jobs[next]!.submit);
    // One pass of compression per instant at which a job leaves early (Mu'alem & Feitelson): a
    // pass is not a fixed point, so compressing at other instants too would be another discipline.
    const early = running.some((r) => r.start + r.job.runtime === now && r.job.runtime < r.job.estimate);
    running = running.filter((r) => r.start + r.job.runtime !== now);
    while (next < jobs.length && jobs[next]!.submit === now) queue.push(jobs[next++]!);

    const holdOf = (job: ReferenceJob, start: number): Hold => ({
      start,
      end: start + job.estimate,
      size: job.size,
    });
    const held = (others: readonly Hold[], t: number) =>
      others.reduce((sum, h) => (h.start <= t && t < h.end ? sum + h.size : sum), 0);
    const fits = (others: readonly Hold[], job: ReferenceJob, t: number) =>
      [t, ...others.map((h) => h.start).filter((s) => s > t && s < t + job.estimate)].every(
        (s) => held(others, s) + job.size <= processors,
      );
    const runningHolds = running.map((r) => holdOf(r.job, r.start));
    for (const [i, job] of queue.entries()) {
      if (!early && reservation.has(job.id)) continue;
      const others = [
        ...runningHolds,
        ...queue.flatMap((o, j) =>
          j === i || !reservation.has(o.id) ? [] : [holdOf(o, reservation.get(o.id)!)],
        ),
      ];
      const candidates = [now, ...others.map((h) => h.end).filter((e) => e > now)].sort((a, b) => a - b);
      reservation.set(job.id, candidates.find((t) => fits(others, job, t))!);
    }
    const due = queue.filter((job) => reservation.get(job.id) === now);
    for (const job of due) {
      starts.set(job.id, now);
      running.push({ job, start: now });
      reservation.delete(job.id);
    }
    queue = queue.filter((job) => !due.includes(job));
  }
  return starts;
}
