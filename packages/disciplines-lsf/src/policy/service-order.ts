import type { JobView } from '@js/core';

/**
 * The service demand a job still needs (work on one processor), when the run reveals demand.
 * With speedup knowledge as well, the fraction of its work done is known exactly, whatever counts
 * it ran on (`progress`: a malleable job resized, or restarted on another count, ran parts of its
 * run at other rates, so run time over the execution time on one count would misread it).
 * Without it, the processor time acquired stands in for the work done, as the paper notes
 * remaining time is only accurate with speedup information (§5). That stand-in counts a
 * poor-speedup job's idle processor time as work: on k processors the estimate reaches zero after
 * the fraction E(k) = T(1)/(k·T(k)) of its run (9 % for the 265 000 s job of §6.2 on 16), and from
 * then on the job is first in every order — LSF-MIG-AD keeps it on its count, LSF-MALL-AD keeps
 * its minimum taken, so wider jobs wait for it to end.
 */
export function remainingDemand(job: JobView): number | undefined {
  const work = job.work;
  if (work === undefined) return undefined;
  const progress = job.progress;
  return progress !== undefined ? work * (1 - progress) : Math.max(0, work - job.acquired);
}

/**
 * The order in which the LSF disciplines scan jobs (§5.1): the order of arrival (FCFS), or, when
 * service demand is known, least remaining demand first (SPT), ties by arrival.
 */
export function serviceOrder(jobs: readonly JobView[]): JobView[] {
  if (jobs.length === 0 || jobs[0]!.work === undefined) return [...jobs].sort(byArrival);
  return byKey(jobs, (j) => remainingDemand(j)!);
}

/** `jobs` by `key` (read once per job), ties by arrival; the sort is stable. */
function byKey(jobs: readonly JobView[], key: (job: JobView) => number): JobView[] {
  return jobs
    .map((job) => ({ job, key: key(job), arrival: job.arrival }))
    .sort((a, b) => a.key - b.key || a.arrival - b.arrival)
    .map((k) => k.job);
}

export const byArrival = (a: JobView, b: JobView): number => a.arrival - b.arrival;

/**
 * The order in which LSF-MIG and its adaptive and malleable relatives re-select jobs (seed 000
 * §5.1, §6.2): without demand knowledge, least acquired processing time first — multilevel
 * feedback ("in the migratable and malleable preemptive disciplines, the multilevel feedback
 * approach achieved the majority of the benefits of having service demand information", §6.2),
 * the key LSF-PREEMPT and LSF-PREEMPT-AD use too ("least acquired aggregate processing time").
 * Fresh jobs (nothing acquired) come first; ties go in submission order, the order the
 * information cache scans every queue in (§4.1). A checkpointed job is "requeued as a pending
 * job" (§4.2) only in LSF's sense — the stopped queue does not dispatch it — and keeps its place
 * by what it has acquired, so the order needs nothing but the cache (restartability). With demand
 * knowledge, least remaining demand first, as {@link serviceOrder}.
 */
export function feedbackOrder(jobs: readonly JobView[]): JobView[] {
  if (jobs.length === 0 || jobs[0]!.work !== undefined) return serviceOrder(jobs);
  return byKey(jobs, (j) => j.acquired);
}
