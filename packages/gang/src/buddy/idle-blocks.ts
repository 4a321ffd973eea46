import { GangError } from '../errors/gang-error.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { type BuddyBlock, isPowerOfTwo } from './buddy-block.ts';

/** A buddy block together with a slot in which all of its processors are idle. */
export interface IdleBuddyBlock extends BuddyBlock {
  readonly slot: number;
}

function checkSize(matrix: SchedulingMatrix, size: number): void {
  if (!isPowerOfTwo(size) || size > matrix.processors) {
    throw new GangError(
      'NOT_POWER_OF_TWO',
      `buddy block size must be a power of two up to ${matrix.processors}, got ${size}`,
    );
  }
}

/** Whether every processor of `block` is idle in `slot`. */
export function isBlockIdle(matrix: SchedulingMatrix, slot: number, block: BuddyBlock): boolean {
  checkSize(matrix, block.size);
  matrix.isSlotEmpty(slot); // validates the slot
  if (!Number.isInteger(block.start) || block.start < 0 || block.start % block.size !== 0) {
    throw new GangError(
      'INVALID_ARGUMENT',
      `block start ${block.start} is not a multiple of its size ${block.size}`,
    );
  }
  if (block.start >= matrix.processors) {
    throw new GangError(
      'INVALID_ARGUMENT',
      `block start ${block.start} is beyond the ${matrix.processors} processors`,
    );
  }
  return matrix.idleRunEnd(slot, block.start, block.start + block.size) === block.start + block.size;
}

/** Every (slot, block of `size`) pair whose block is wholly idle in that slot, slot by slot, left to right. */
export function idleBuddyBlocks(matrix: SchedulingMatrix, size: number): IdleBuddyBlock[] {
  checkSize(matrix, size);
  const found: IdleBuddyBlock[] = [];
  for (let slot = 0; slot < matrix.slots; slot++) {
    for (let start = 0; start < matrix.processors; start += size) {
      if (matrix.idleRunEnd(slot, start, start + size) === start + size) found.push({ slot, start, size });
    }
  }
  return found;
}

/**
 * The first wholly idle block of `size`, scanning slots in order and blocks left to right:
 * the conventional buddy placement (the paper's BC scheme, §4), with no balancing and no
 * re-packing. Only blocks `eligible` accepts (all by default) are considered. Undefined
 * when a new slot is needed.
 */
export function firstIdleBuddyBlock(
  matrix: SchedulingMatrix,
  size: number,
  eligible?: (block: BuddyBlock) => boolean,
): IdleBuddyBlock | undefined {
  checkSize(matrix, size);
  for (let slot = 0; slot < matrix.slots; slot++) {
    for (let start = 0; start < matrix.processors; start += size) {
      if (eligible !== undefined && !eligible({ start, size })) continue;
      const end = matrix.idleRunEnd(slot, start, start + size);
      if (end === start + size) return { slot, start, size };
    }
  }
  return undefined;
}

/**
 * The leftmost block of `size` that is wholly idle in some slot, in the first such slot: §1's
 * buddy allocation read subsets first ("the processors in the system are first divided into
 * subsets of size n … The job is then assigned to one such subset if there is a time slot in
 * which all processors in the subset are idle"). Only blocks `eligible` accepts are considered.
 * Undefined when a new slot is needed.
 */
export function leftmostIdleBuddyBlock(
  matrix: SchedulingMatrix,
  size: number,
  eligible?: (block: BuddyBlock) => boolean,
): IdleBuddyBlock | undefined {
  checkSize(matrix, size);
  for (let start = 0; start < matrix.processors; start += size) {
    if (eligible !== undefined && !eligible({ start, size })) continue;
    for (let slot = 0; slot < matrix.slots; slot++) {
      if (matrix.idleRunEnd(slot, start, start + size) === start + size) return { slot, start, size };
    }
  }
  return undefined;
}
