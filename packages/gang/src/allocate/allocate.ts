import { type BuddyBlock, buddyBlockSize } from '../buddy/buddy-block.ts';
import { GangError } from '../errors/gang-error.ts';
import { renderForError } from '../matrix/render.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { isValidJobId, type JobId } from '../matrix/types.ts';
import { type Relinquished, relinquishForRange } from '../multi-slot/relinquish.ts';
import { gatherIdleFragments } from '../repack/property2.ts';
import type { WorkloadTreeChoice } from '../workload-tree/workload-tree.ts';

/** A new job to place in the matrix: its id and its number of processes p. */
export interface AllocationRequest {
  readonly id: JobId;
  /** Number of processes p; the job gets a buddy block of n processors, n/2 < p ≤ n. */
  readonly size: number;
}

/** How `allocate` chooses the buddy block: which workload tree decides, and which blocks qualify. */
export interface AllocateOptions {
  /**
   * Which tree chooses the block (§5): 'WLTM' (default; BR, BRMS, BRMMS*) or 'WLTS' (BRMMS,
   * where jobs in the chosen block give up extra slots only if the new job cannot otherwise
   * fit: a block with real idle room, by WLTM, is taken first).
   */
  readonly by?: WorkloadTreeChoice;
  /**
   * Which blocks the job may take (default: all). A caller whose machine is not a whole power
   * of two, or whose processors have a residency limit, rules blocks out here; at least one
   * block of the job's level must be eligible.
   */
  readonly eligible?: (block: BuddyBlock) => boolean;
}

/** Where `allocate` put the job (slot, buddy block) and what it took: a new slot, extra slots given up. */
export interface Allocation {
  readonly id: JobId;
  readonly slot: number;
  readonly start: number;
  readonly width: number;
  /** Whether no block was available and a new slot was created for the job. */
  readonly addedSlot: boolean;
  readonly relinquished: readonly Relinquished[];
}

/**
 * Allocation with the workload tree (§3): for a job of size p look only at the level of
 * blocks of size n (n/2 < p ≤ n); a non-zero node means its processors can be freed in one
 * slot by re-packing (Property 2). Take the node with the largest value — the least loaded
 * block — leftmost on ties; if every node of that level is 0, create a new slot. Then
 * re-pack so the block's idle fragments meet in one slot and place the job there.
 */
export function allocate(
  matrix: SchedulingMatrix,
  request: AllocationRequest,
  options: AllocateOptions = {},
): Allocation {
  const { id, size } = request;
  const by = options.by ?? 'WLTM';
  // Validate everything place() would, before adding a slot or re-packing.
  if (!isValidJobId(id)) {
    throw new GangError('INVALID_ARGUMENT', `job id ${JSON.stringify(id)} cannot be drawn in a matrix`);
  }
  if (matrix.hasJob(id)) {
    throw new GangError(
      'DUPLICATE_JOB',
      `job ${String(id)} is already in the matrix`,
      renderForError(matrix),
    );
  }
  if (!Number.isInteger(size) || size < 1 || size > matrix.processors) {
    throw new GangError(
      'INVALID_ARGUMENT',
      `job ${String(id)}: size must be an integer in 1..${matrix.processors}, got ${size}`,
    );
  }
  const width = buddyBlockSize(size);
  const eligible =
    options.eligible === undefined ? undefined : (s: number) => options.eligible!({ start: s, size: width });
  if (
    eligible !== undefined &&
    !Array.from({ length: matrix.processors / width }, (_, i) => i * width).some(eligible)
  ) {
    throw new GangError(
      'INVALID_ARGUMENT',
      `job ${String(id)}: no block of ${width} processors is eligible`,
      renderForError(matrix),
    );
  }
  let start = chooseBlock(matrix, width, by, eligible);
  const addedSlot = start < 0;
  if (addedSlot) {
    // A new slot makes every leaf, hence every block, non-zero: an eligible block is found.
    matrix.addSlot();
    start = chooseBlock(matrix, width, by, eligible);
  }
  const relinquished = by === 'WLTS' ? relinquishForRange(matrix, start, start + width) : [];
  const slot = gatherIdleFragments(matrix, start, start + width);
  matrix.place({ id, start, width, size }, slot);
  return { id, slot, start, width, addedSlot, relinquished };
}

/**
 * Start of the chosen block of `width` processors, or −1 when every node of that level is 0.
 *
 * With WLTS (BRMMS, §5) the block is ranked by WLTS, equal values settled by WLTM, but jobs give
 * up extra slots only "when a new job arrives, but it cannot be allocated in the existing time
 * slots": while some eligible block has a non-zero WLTM node — real idle cells the job can be
 * re-packed into — the choice is among those; only when there is none does WLTS look at blocks
 * whose cells are held as extra slots. (WLTM ≤ WLTS leaf by leaf, so such a block is non-zero
 * in WLTS too.)
 */
function chooseBlock(
  matrix: SchedulingMatrix,
  width: number,
  by: WorkloadTreeChoice,
  eligible: ((start: number) => boolean) | undefined,
): number {
  if (by === 'WLTM') return matrix.wltm.bestBlock(width, undefined, eligible)?.start ?? -1;
  const withRoom = (start: number) =>
    matrix.wltm.blockValue(start, width) > 0 && (eligible === undefined || eligible(start));
  const best =
    matrix.wlts.bestBlock(width, matrix.wltm, withRoom) ??
    matrix.wlts.bestBlock(width, matrix.wltm, eligible);
  return best?.start ?? -1;
}
