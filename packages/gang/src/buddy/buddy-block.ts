import { GangError } from '../errors/gang-error.ts';

/**
 * Buddy blocks (Zhou et al. §1, after Peterson & Norman's buddy systems): the processors
 * are split into aligned subsets whose sizes are powers of two, and a job of size p is given
 * a whole block of size n with n/2 < p ≤ n. The unused n − p processors are the buddy
 * system's internal fragmentation; in exchange, jobs of similar size line up head to head
 * in different slots, which is what makes re-packing and the workload tree work.
 */

export const isPowerOfTwo = (n: number): boolean => Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0;

/** Throws NOT_POWER_OF_TWO unless `n` is 1, 2, 4, …; `what` names the value in the message. */
export function assertPowerOfTwo(n: number, what: string): void {
  if (!isPowerOfTwo(n) || n > 2 ** 30) {
    throw new GangError('NOT_POWER_OF_TWO', `${what} must be a power of two between 1 and 2^30, got ${n}`);
  }
}

/** The buddy block size n for a job of size p: the power of two with n/2 < p ≤ n. */
export function buddyBlockSize(size: number): number {
  if (!Number.isInteger(size) || size < 1 || size > 2 ** 30) {
    throw new GangError('INVALID_ARGUMENT', `job size must be an integer between 1 and 2^30, got ${size}`);
  }
  return size === 1 ? 1 : 2 ** (32 - Math.clz32(size - 1));
}

/** An aligned block of `size` processors starting at `start` (a multiple of `size`). */
export interface BuddyBlock {
  readonly start: number;
  readonly size: number;
}

/** The aligned block of `size` processors that contains `processor`. */
export const buddyBlockOf = (processor: number, size: number): BuddyBlock => ({
  start: processor - (processor % size),
  size,
});

/** The block that, joined with this one, forms the aligned block of twice the size. */
export const buddyOf = (block: BuddyBlock): BuddyBlock => ({
  start: block.start ^ block.size,
  size: block.size,
});

/** All aligned blocks of `size` processors on a machine of `processors`, left to right. */
export function buddyBlocks(processors: number, size: number): BuddyBlock[] {
  assertPowerOfTwo(processors, 'processor count');
  assertPowerOfTwo(size, 'block size');
  if (size > processors) {
    throw new GangError('INVALID_ARGUMENT', `block size ${size} exceeds the ${processors} processors`);
  }
  const blocks: BuddyBlock[] = [];
  for (let start = 0; start < processors; start += size) blocks.push({ start, size });
  return blocks;
}
