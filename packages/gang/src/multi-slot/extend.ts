import { isPowerOfTwo } from '../buddy/buddy-block.ts';
import { GangError } from '../errors/gang-error.ts';
import { renderForError } from '../matrix/render.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import type { JobId } from '../matrix/types.ts';
import { everyProcessorHasIdleSlot, gatherIdleFragments } from '../repack/property2.ts';

/**
 * §3/§5: a job can be given an extra slot when the WLTM node of its processors is non-zero,
 * i.e. each of its processors is idle in some slot; Property 2 on those processors then
 * yields one slot where all of them are idle. (For a job placed on a buddy block this is
 * exactly the node test of the paper; for any other run of processors, the leaves say it.)
 */
export function canExtendJob(matrix: SchedulingMatrix, id: JobId): boolean {
  const job = matrix.job(id);
  if (job === undefined) return false;
  // On a buddy block the node answers at once: it is non-zero exactly when every leaf under it is.
  if (isPowerOfTwo(job.width) && job.start % job.width === 0)
    return matrix.wltm.blockValue(job.start, job.width) > 0;
  return everyProcessorHasIdleSlot(matrix, job.start, job.start + job.width);
}

/** Re-packs so the job's processors are idle in one slot and extends the job into it; returns that slot. */
export function extendJob(matrix: SchedulingMatrix, id: JobId): number {
  const job = matrix.job(id);
  if (job === undefined)
    throw new GangError('UNKNOWN_JOB', `no job ${String(id)} in the matrix`, renderForError(matrix));
  if (!canExtendJob(matrix, id)) {
    throw new GangError(
      'NO_IDLE_FRAGMENT',
      `job ${String(id)} cannot take an extra slot: some of processors ${job.start}..${job.start + job.width - 1} are busy in every slot`,
      renderForError(matrix),
    );
  }
  const slot = gatherIdleFragments(matrix, job.start, job.start + job.width);
  matrix.extend(id, slot);
  return slot;
}
