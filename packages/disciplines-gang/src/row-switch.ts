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
 *
 * Whether a job of the new slot has its processors free is read from the machine only when
 * something may stand in its way. When suspending is free and every running job outside the
 * slot is suspended by this very switch, the only jobs left running are the slot's own, and
 * jobs of one slot never share a processor (one cell per processor per slot): every job of
 * the slot can resume, and the check — a look at each of up to P processors per boundary —
 * would only confirm it.
 *
 * The switch names the slot's row (`index`) so that observers can tell which slot each stretch
 * of a job ran in; when the slot changed but no job need be suspended or resumed (its jobs all
 * ran in the slot before as well), the switch names the row alone.
 */
export function switchToSlot(
  ctx: SchedulingContext,
  slot: ReadonlySet<JobId>,
  index: { readonly row: number; readonly changed: boolean },
  minimumRun: number,
  suspendIsFree: boolean,
): number {
  let retry = Number.POSITIVE_INFINITY;
  let held = false;
  const suspend: JobView[] = [];
  for (const job of ctx.jobs.running) {
    if (slot.has(job.id)) continue;
    if (job.inOverhead) {
      held = true;
      continue;
    }
    if (!hasRunMinimum(job.sinceRun, minimumRun, ctx.now)) {
      retry = Math.min(retry, ctx.now + minimumRun - job.sinceRun);
      held = true;
      continue;
    }
    suspend.push(job);
  }
  const mustLook = held || !suspendIsFree;
  const leaving = mustLook && suspendIsFree ? new Set(suspend.map((j) => j.id)) : undefined;
  const resume: JobView[] = [];
  for (const id of slot) {
    const job = ctx.jobs.byId(id as number);
    if (job === undefined || job.state !== 'suspended' || job.inOverhead) continue;
    if (mustLook && !processorsFree(ctx, job, leaving)) continue;
    resume.push(job);
  }
  if (suspend.length > 0 || resume.length > 0 || index.changed)
    ctx.switch(index.row >= 0 ? { suspend, resume, slot: index.row } : { suspend, resume });
  return retry;
}

/** Whether every processor of `job` is idle, or runs a job the switch suspends (free suspends only). */
function processorsFree(
  ctx: SchedulingContext,
  job: JobView,
  leaving: ReadonlySet<number> | undefined,
): boolean {
  for (const p of job.processors) {
    const on = ctx.machine.runningJob(p);
    if (on >= 0 && !leaving?.has(on)) return false;
  }
  return true;
}
