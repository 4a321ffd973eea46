import { GangError } from '../errors/gang-error.ts';
import { renderForError } from '../matrix/render.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { nextCommonCleanCut, swapShifts } from './swap.ts';

/** Whether every processor in [from, to) has at least one idle slot (Property 2's precondition). */
export function everyProcessorHasIdleSlot(matrix: SchedulingMatrix, from: number, to: number): boolean {
  for (let p = from; p < to; p++) if (matrix.wltm.leaf(p) === 0) return false;
  return true;
}

/**
 * Property 2 (§3), on the processors [from, to): if each of them has an idle fragment, legal
 * shifts can bring all those fragments into one slot. Over the whole array that empties a
 * slot (which can then be deleted); over a buddy block it is the re-packing that allocation
 * and extension do before placing a job (§3, Fig. 2: "re-pack J6 into S1, then place the new
 * job in S3").
 *
 * Sweep left to right, applying Property 1 at each step: the target slot is idle on
 * [from, x); some other slot is idle at x (x has an idle slot and the target is busy there),
 * and the exchange that brings that fragment under the target extends its idle run past x.
 * Exchanges only permute each column, so every processor keeps its idle slot and the sweep
 * always finishes. Greedy choices — the slot idle longest at each step — keep the number
 * of shifts small; a slot already idle on the whole range costs none. Returns that slot.
 */
export function gatherIdleFragments(matrix: SchedulingMatrix, from: number, to: number): number {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || from >= to || to > matrix.processors) {
    throw new GangError(
      'INVALID_ARGUMENT',
      `processor range ${from}..${to - 1} is not within 0..${matrix.processors - 1}`,
      renderForError(matrix),
    );
  }
  if (!everyProcessorHasIdleSlot(matrix, from, to)) {
    let p = from;
    while (matrix.wltm.leaf(p) !== 0) p++;
    throw new GangError(
      'NO_IDLE_FRAGMENT',
      `processor ${p} has no idle slot, so processors ${from}..${to - 1} cannot be idle in one slot`,
      renderForError(matrix),
    );
  }
  const { slot: target, end } = longestIdleRun(matrix, from, to, -1);
  let x = end;
  while (x < to) {
    const { slot, end: reach } = longestIdleRun(matrix, x, to, target);
    const cut = nextCommonCleanCut(matrix, target, slot, reach);
    matrix.repack(swapShifts(matrix, target, slot, x, cut));
    x = matrix.idleRunEnd(target, x, to);
  }
  return target;
}

/** Among slots other than `except` that are idle at `from`, the one whose idle run reaches furthest. */
function longestIdleRun(
  matrix: SchedulingMatrix,
  from: number,
  limit: number,
  except: number,
): { slot: number; end: number } {
  let best = -1;
  let bestEnd = from;
  for (let s = 0; s < matrix.slots && bestEnd < limit; s++) {
    if (s === except) continue;
    const end = matrix.idleRunEnd(s, from, limit);
    if (end > bestEnd) {
      best = s;
      bestEnd = end;
    }
  }
  return { slot: best, end: bestEnd };
}
