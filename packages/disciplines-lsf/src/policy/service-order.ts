import type { JobView, SchedulingContext } from '@js/core';

/**
 * The service demand a job still needs (work on one processor), when the run reveals demand.
 * With speedup knowledge as well, the progress made so far is known exactly (run time over the
 * execution time on its count); without it, the processor time acquired stands in for the work
 * done, as the paper notes remaining time is only accurate with speedup information (§5).
 */
export function remainingDemand(job: JobView): number | undefined {
  const work = job.work;
  if (work === undefined) return undefined;
  const count = job.lastProcessors || job.size;
  const time = job.executionTime?.(count);
  const done = time !== undefined && time > 0 ? work * Math.min(1, job.runTime / time) : job.acquired;
  return Math.max(0, work - done);
}

/**
 * The order in which the LSF disciplines scan jobs (§5.1): the order of arrival (FCFS), or, when
 * service demand is known, least remaining demand first (SPT), ties by arrival.
 */
export function serviceOrder(jobs: readonly JobView[]): JobView[] {
  const ordered = [...jobs];
  if (ordered.length === 0 || ordered[0]!.work === undefined) return ordered.sort(byArrival);
  const key = new Map(ordered.map((j) => [j, remainingDemand(j)!]));
  return ordered.sort((a, b) => key.get(a)! - key.get(b)! || a.arrival - b.arrival);
}

export const byArrival = (a: JobView, b: JobView): number => a.arrival - b.arrival;

/**
 * The order in which LSF-MIG and its adaptive and malleable relatives re-select jobs (§5.1, and
 * §3: a migrated job is "requeued as a pending job", behind those already waiting): without
 * demand knowledge, the waiting jobs in the order they joined the queue (a fresh job at its
 * submission, a checkpointed one when it was checkpointed, as `requeued` tells), then the
 * running jobs that may be displaced, longest-running since their start first. So each
 * re-evaluation lets the jobs that waited run next, round robin (the paper's Fig. 1 files LSF-MIG
 * with round-robin disciplines). With demand knowledge, least remaining demand first, as
 * {@link serviceOrder}.
 */
export function rotationOrder(
  jobs: readonly JobView[],
  requeued: (job: JobView) => number | undefined,
): JobView[] {
  if (jobs.length === 0 || jobs[0]!.work !== undefined) return serviceOrder(jobs);
  const running = (j: JobView) => j.state === 'running';
  const queued = (j: JobView) => requeued(j) ?? j.submit;
  return [...jobs].sort((a, b) => {
    if (running(a) !== running(b)) return running(a) ? 1 : -1;
    const key = running(a) ? b.sinceRun - a.sinceRun : queued(a) - queued(b);
    return key || a.arrival - b.arrival;
  });
}

/** Checkpoint a running job and requeue it behind the waiting ones (its note: when, for {@link rotationOrder}). */
export function requeue(ctx: SchedulingContext, job: JobView): void {
  ctx.checkpoint(job);
  ctx.notes.set(job, ctx.now);
}

/** When each job was requeued, by the notes {@link requeue} keeps. */
export const requeuedAt =
  (ctx: SchedulingContext) =>
  (job: JobView): number | undefined =>
    ctx.notes.get(job) as number | undefined;
