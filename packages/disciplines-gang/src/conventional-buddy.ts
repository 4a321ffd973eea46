import {
  type AllocationRequest,
  type BuddyBlock,
  buddyBlockSize,
  firstIdleBuddyBlock,
  type SchedulingMatrix,
} from '@js/gang';

/**
 * The conventional buddy placement (§1, §4 "BC"): the first slot, in order, with an aligned
 * block of the job's size wholly idle, leftmost block first; a new slot when there is none. No
 * workload tree, no re-packing: a slot's idle fragments stay where they are.
 */
export function allocateFirstFit(
  matrix: SchedulingMatrix,
  { id, size }: AllocationRequest,
  eligible: (block: BuddyBlock) => boolean,
): void {
  const width = buddyBlockSize(size);
  let found = firstIdleBuddyBlock(matrix, width, eligible);
  if (found === undefined) {
    matrix.addSlot();
    found = firstIdleBuddyBlock(matrix, width, eligible)!;
  }
  matrix.place({ id, start: found.start, width, size }, found.slot);
}

/**
 * BC deletes a slot only once every job in it has left (nothing is shifted to empty one), and
 * keeps the last slot even when it is empty, as a conventional matrix always has a row: this is
 * how Table 1 can show BC with n_a = 1.16 at ρ = 0.2, where BR, which deletes every slot it can,
 * shows 0.45.
 */
export function deleteEmptySlots(matrix: SchedulingMatrix): void {
  for (let s = matrix.slots - 1; s >= 0 && matrix.slots > 1; s--)
    if (matrix.isSlotEmpty(s)) matrix.deleteSlot(s);
}
