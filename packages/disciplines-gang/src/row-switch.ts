import { hasRunMinimum, type JobView, type SchedulingContext } from '@js/core';
import type { JobId } from '@js/gang';

/**
 * Make the engine's running jobs those of the running slot: the jobs of other slots are
 * suspended (they stay resident on their processors), the slot's own resumed — in one switch,
 * as all processors context-switch at once at a slot's end (§1). A job of several slots that
 * runs in both the old and the new slot just keeps running.
 *
 * The platform profile may delay parts of this: a job still inside an overhead is left for the
 * round its overhead ends in (that wakes the discipline); a job that has not run the profile's
 * minimum since its resume keeps running until it has (returned: when to look again); when a
 * suspend takes time, a job of the new slot resumes only once its processors are free, in a
 * later round. Nothing here changes the matrix: the slot is the discipline's book-keeping.
 * Returns the earliest time a minimum run ends that holds the switch up (Infinity: none).
 */
export function switchToSlot(
  ctx: SchedulingContext,
  slot: ReadonlySet<JobId>,
  minimumRun: number,
  suspendIsFree: boolean,
): number {
  let retry = Number.POSITIVE_INFINITY;
  const suspend: JobView[] = [];
  const leaving = new Set<number>();
  for (const job of ctx.jobs.running) {
    if (slot.has(job.id) || job.inOverhead) continue;
    if (!hasRunMinimum(job.sinceRun, minimumRun, ctx.now)) {
      retry = Math.min(retry, ctx.now + minimumRun - job.sinceRun);
      continue;
    }
    suspend.push(job);
    leaving.add(job.id);
  }
  const resume: JobView[] = [];
  for (const id of slot) {
    const job = ctx.jobs.byId(id as number);
    if (job === undefined || job.state !== 'suspended' || job.inOverhead) continue;
    const free = job.processors.every((p) => {
      const on = ctx.machine.runningJob(p);
      return on < 0 || (suspendIsFree && leaving.has(on));
    });
    if (free) resume.push(job);
  }
  if (suspend.length > 0 || resume.length > 0) ctx.switch({ suspend, resume });
  return retry;
}
