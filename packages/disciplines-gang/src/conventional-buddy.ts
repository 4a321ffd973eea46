import {
  type AllocationRequest,
  type BuddyBlock,
  buddyBlockSize,
  firstIdleBuddyBlock,
  type IdleBuddyBlock,
  leftmostIdleBuddyBlock,
  type SchedulingMatrix,
} from '@js/gang';

/**
 * Which wholly idle block the conventional buddy system takes:
 * - 'block-first' (BC's default): the leftmost block that is idle in some slot (in the first
 *   such slot) — §1 read as written, subsets first: "the processors in the system are first
 *   divided into subsets of size n … The job is then assigned to one such subset if there is a
 *   time slot in which all processors in the subset are idle". It also fits Tables 1–2: BR's
 *   turnaround over BC's is 0.80 / 0.81 / 0.84 at ρ = 0.5 / 0.7 / 0.9 (paper 0.84 / 0.79 / 0.79)
 *   and BR is no worse than BC on every figure, in four families of 20 sets;
 * - 'slot-first': the first slot, in order, with an idle block of the job's size, leftmost block
 *   in it — a scheduling matrix's usual first fit. BR / BC is then 0.93 / 0.95 / 0.95.
 */
export type BuddyPlacement = 'slot-first' | 'block-first';

const finders: Record<
  BuddyPlacement,
  (matrix: SchedulingMatrix, size: number, eligible: (b: BuddyBlock) => boolean) => IdleBuddyBlock | undefined
> = {
  'slot-first': firstIdleBuddyBlock,
  'block-first': leftmostIdleBuddyBlock,
};

/**
 * The conventional buddy placement (§1, §4 "BC"): a wholly idle aligned block of the job's size,
 * found as `placement` says; a new slot when there is none. No workload tree, no re-packing: a
 * slot's idle fragments stay where they are.
 */
export function allocateConventional(placement: BuddyPlacement) {
  const find = finders[placement];
  return (
    matrix: SchedulingMatrix,
    { id, size }: AllocationRequest,
    eligible: (block: BuddyBlock) => boolean,
  ): void => {
    const width = buddyBlockSize(size);
    let found = find(matrix, width, eligible);
    if (found === undefined) {
      matrix.addSlot();
      found = find(matrix, width, eligible)!;
    }
    matrix.place({ id, start: found.start, width, size }, found.slot);
  };
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
