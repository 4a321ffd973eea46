import { GangError } from '../errors/gang-error.ts';
import { renderForError } from '../matrix/render.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { type Relinquished, relinquishForRange } from '../multi-slot/relinquish.ts';
import type { WorkloadTreeChoice } from '../workload-tree/workload-tree.ts';
import { gatherIdleFragments } from './property2.ts';

/** Which workload tree decides whether a slot can be eliminated. */
export interface EliminateOptions {
  /**
   * 'WLTS' (default, as §5 prescribes for deleting slots): jobs give up extra slots where
   * needed. 'WLTM': only slots that can be emptied without taking any slot from a job.
   */
  readonly by?: WorkloadTreeChoice;
}

/** What eliminating one slot did: which slot went, and which extra slots jobs gave up for it. */
export interface Elimination {
  /** The deleted slot, numbered as before the deletion. */
  readonly slot: number;
  /** Extra slots jobs gave up first (WLTS only), numbered as at that moment. */
  readonly relinquished: readonly Relinquished[];
}

/** §3: a non-zero root means every processor has an idle slot, so by Property 2 a slot can go. */
export function canEliminateSlot(matrix: SchedulingMatrix, options: EliminateOptions = {}): boolean {
  return (options.by === 'WLTM' ? matrix.wltm : matrix.wlts).root > 0;
}

/** Re-packs so one slot is empty (Property 2) and deletes it. */
export function eliminateSlot(matrix: SchedulingMatrix, options: EliminateOptions = {}): Elimination {
  const by = options.by ?? 'WLTS';
  if (!canEliminateSlot(matrix, { by })) {
    throw new GangError(
      'NO_IDLE_FRAGMENT',
      `no slot can be eliminated: the ${by} root is 0 (some processor is busy in every slot)`,
      renderForError(matrix),
    );
  }
  const relinquished = by === 'WLTS' ? relinquishForRange(matrix, 0, matrix.processors) : [];
  const slot = gatherIdleFragments(matrix, 0, matrix.processors);
  matrix.deleteSlot(slot);
  return { slot, relinquished };
}

/** Eliminates slots until none can be (the root is 0); returns how many were deleted. */
export function eliminateSlots(matrix: SchedulingMatrix, options: EliminateOptions = {}): number {
  let deleted = 0;
  while (canEliminateSlot(matrix, options)) {
    eliminateSlot(matrix, options);
    deleted++;
  }
  return deleted;
}
