import { GangError } from '../errors/gang-error.ts';
import { renderForError } from '../matrix/render.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import type { JobId } from '../matrix/types.ts';

/** One extra slot given up by a job (slot numbered as it was at that moment). */
export interface Relinquished {
  readonly job: JobId;
  readonly slot: number;
}

/** Gives up every extra slot of a job, keeping its home slot (the first it gained). */
export function relinquishExtraSlots(matrix: SchedulingMatrix, id: JobId): Relinquished[] {
  const job = matrix.job(id);
  if (job === undefined)
    throw new GangError('UNKNOWN_JOB', `no job ${String(id)} in the matrix`, renderForError(matrix));
  const given: Relinquished[] = [];
  while (job.slots.length > 1) {
    const slot = job.slots[job.slots.length - 1]!;
    matrix.relinquish(id, slot);
    given.push({ job: id, slot });
  }
  return given;
}

/** Whether every processor in [from, to) would have an idle slot if jobs gave up their extras (WLTS). */
export function everyProcessorHasSingleSlotIdle(matrix: SchedulingMatrix, from: number, to: number): boolean {
  for (let p = from; p < to; p++) if (matrix.wlts.leaf(p) === 0) return false;
  return true;
}

/**
 * §5: when WLTS — which counts extra slots as idle — grants a block (for a new job, BRMMS)
 * or the whole array (to delete a slot), jobs running in extra slots there must give some
 * up before Property 2 can gather the idle fragments. Only processors with no real idle slot
 * force a relinquish, and then the job gives up its most recently gained slot, so jobs keep
 * as much of their extra service as the decision allows.
 */
export function relinquishForRange(matrix: SchedulingMatrix, from: number, to: number): Relinquished[] {
  if (!everyProcessorHasSingleSlotIdle(matrix, from, to)) {
    let p = from;
    while (matrix.wlts.leaf(p) !== 0) p++;
    throw new GangError(
      'NO_IDLE_FRAGMENT',
      `processor ${p} is busy in every slot even without extra slots, so processors ${from}..${to - 1} cannot be freed in one slot`,
      renderForError(matrix),
    );
  }
  const given: Relinquished[] = [];
  for (let p = from; p < to; p++) {
    if (matrix.wltm.leaf(p) !== 0) continue;
    // WLTS leaf > 0 with no idle cell: some job holds two of this processor's cells.
    for (let slot = 0; slot < matrix.slots; slot++) {
      const id = matrix.jobAt(slot, p)!;
      const job = matrix.job(id)!;
      if (job.slots.length > 1) {
        const extra = job.slots[job.slots.length - 1]!;
        matrix.relinquish(id, extra);
        given.push({ job: id, slot: extra });
        break;
      }
    }
  }
  return given;
}
