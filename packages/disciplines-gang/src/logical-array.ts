import { type BuddyBlock, buddyBlockSize } from '@js/gang';

/**
 * The logical one-dimensional array of Zhou et al. §3 over the processors a discipline owns:
 * column i of the scheduling matrix is the i-th of them, whatever its place in the machine.
 *
 * The buddy system needs a power of two, so the matrix is `width` = the next power of two
 * ≥ P columns wide; columns P…width − 1 are phantom processors no process ever runs on. A
 * job of p processes takes a buddy block of n (n/2 < p ≤ n) columns and runs on the first p
 * of them, so a block is eligible only when those p are real. Block 0 of the job's level
 * always is (p ≤ P), so every job fits in a new slot: none waits forever for a block. The
 * phantom columns are idle unless covered by a block's internal fragmentation, so they
 * never stop a slot from being deleted (Property 2 still holds over the whole width).
 *
 * Residency: a job placed in the matrix is resident (suspended or running) on its p
 * processors until it leaves, however many slots it holds. Under a multiprogramming limit L
 * a block is eligible only when each of those p processors holds fewer than L jobs.
 */
export class LogicalArray {
  /** Columns of the scheduling matrix: a power of two. */
  readonly width: number;
  /** Real processors, P. */
  readonly size: number;
  readonly #processors: readonly number[];
  readonly #resident: Int32Array;
  readonly #limit: number;

  constructor(processors: readonly number[], multiprogrammingLimit: number) {
    this.#processors = [...processors].sort((a, b) => a - b);
    this.size = processors.length;
    this.width = buddyBlockSize(Math.max(1, this.size));
    this.#resident = new Int32Array(this.size);
    this.#limit = multiprogrammingLimit;
  }

  /** Whether a job of `size` processes may take `block`: on real processors with room for one more job. */
  eligible(block: BuddyBlock, size: number): boolean {
    if (block.start + size > this.size) return false;
    if (this.#limit === Number.POSITIVE_INFINITY) return true;
    for (let c = block.start; c < block.start + size; c++)
      if (this.#resident[c]! >= this.#limit) return false;
    return true;
  }

  /** Whether some block of the job's level is eligible now (else the job waits for a departure). */
  anyEligible(size: number): boolean {
    const width = buddyBlockSize(size);
    for (let start = 0; start < this.width; start += width)
      if (this.eligible({ start, size: width }, size)) return true;
    return false;
  }

  /** The machine's processor ids of columns start…start + size − 1. */
  processorsOf(start: number, size: number): number[] {
    return this.#processors.slice(start, start + size);
  }

  /** A job of `size` processes becomes resident on the columns from `start` (+1) or leaves them (−1). */
  reside(start: number, size: number, delta: 1 | -1): void {
    for (let c = start; c < start + size; c++) this.#resident[c]! += delta;
  }
}
