import { GangError } from '../errors/gang-error.ts';
import { renderForError } from '../matrix/render.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { nextCommonCleanCut, previousCommonCleanCut, swapShifts } from './swap.ts';

/** An idle run of processors [start, end) in one slot. */
export interface Fragment {
  readonly slot: number;
  readonly start: number;
  readonly end: number;
}

/**
 * Property 1 (§3): on a linear array, any two adjacent fragments of idle processors can be
 * grouped together in a single slot by legal shifts. With `left` idle on [a, b) and `right`
 * idle on [b, c), b is a clean cut in both slots (an idle cell lies on one side of it in
 * each), so exchanging the slots' contents from b up to the next cut that is clean in both
 * moves right's idle cells under left's — or, mirrored, left's under right's. We take the
 * shorter exchange. Returns the slot that now holds [a, c) idle.
 */
export function groupAdjacentFragments(matrix: SchedulingMatrix, left: Fragment, right: Fragment): number {
  for (const f of [left, right]) {
    const ok =
      Number.isInteger(f.start) &&
      Number.isInteger(f.end) &&
      f.start >= 0 &&
      f.start < f.end &&
      f.end <= matrix.processors &&
      Number.isInteger(f.slot) &&
      f.slot >= 0 &&
      f.slot < matrix.slots &&
      matrix.idleRunEnd(f.slot, f.start, f.end) === f.end;
    if (!ok) {
      throw new GangError(
        'NOT_IDLE_FRAGMENT',
        `processors ${f.start}..${f.end - 1} in slot ${f.slot} are not an idle fragment`,
        renderForError(matrix),
      );
    }
  }
  if (left.end !== right.start) {
    throw new GangError(
      'FRAGMENTS_NOT_ADJACENT',
      `fragment ${left.start}..${left.end - 1} (slot ${left.slot}) does not end where ${right.start}..${right.end - 1} (slot ${right.slot}) starts`,
      renderForError(matrix),
    );
  }
  if (left.slot === right.slot) return left.slot;
  const rightwards = nextCommonCleanCut(matrix, left.slot, right.slot, right.end);
  const leftwards = previousCommonCleanCut(matrix, left.slot, right.slot, left.start);
  if (rightwards - right.start <= left.end - leftwards) {
    matrix.repack(swapShifts(matrix, left.slot, right.slot, right.start, rightwards));
    return left.slot;
  }
  matrix.repack(swapShifts(matrix, left.slot, right.slot, leftwards, left.end));
  return right.slot;
}
