import { assertPowerOfTwo } from '../buddy/buddy-block.ts';
import { GangError } from '../errors/gang-error.ts';

/**
 * The workload tree (WLT) of Zhou et al. §3, Fig. 2: a complete binary tree with log₂N + 1
 * levels whose nodes are the buddy blocks. A leaf holds the number of idle slots on its
 * processor; an inner node holds the sum of its two children when both are non-zero and 0
 * otherwise. So a node is non-zero exactly when every processor under it has at least one
 * idle slot — by Property 2 those idle fragments can be re-packed into one slot, which is
 * why a non-zero node means "a new job fits here" and a non-zero root means "a slot can go".
 *
 * Stored heap-ordered in one Int32Array: node 1 is the root, node i has children 2i and
 * 2i + 1, and processor p's leaf is node N + p. The blocks of size n are nodes N/n … 2N/n − 1.
 */
/**
 * Which of the two trees of §5 decides: WLTM sees the real idle cells; WLTS treats extra
 * slots as idle (their jobs give them up on demand).
 */
export type WorkloadTreeChoice = 'WLTM' | 'WLTS';

/** The queries allocation and slot elimination make of a workload tree, which only the matrix updates. */
export interface ReadonlyWorkloadTree {
  readonly processors: number;
  /** Value of the root: non-zero when every processor has an idle slot. */
  readonly root: number;
  /** Leaf value: idle slots on processor `p`. */
  leaf(p: number): number;
  /** Value of the aligned block of `size` processors starting at `start`. */
  blockValue(start: number, size: number): number;
  /** Values of all blocks of `size` processors, left to right (one tree level). */
  level(size: number): number[];
  /**
   * The block of `size` processors with the largest value (the least loaded, §3); on ties
   * the one with the larger value in `tieBreak` (if given), then the leftmost. Only blocks
   * `eligible` accepts (all by default) are considered. Undefined when every such block is 0.
   */
  bestBlock(
    size: number,
    tieBreak?: ReadonlyWorkloadTree,
    eligible?: (start: number) => boolean,
  ): { start: number; value: number } | undefined;
  /** Whether both trees hold the same value in every node. */
  equals(other: ReadonlyWorkloadTree): boolean;
  /** One line per level, root first, values separated by spaces. */
  render(): string;
}

/** A WLT over N processors: leaves count idle slots; a non-zero node's block can be freed in one slot. */
export class WorkloadTree implements ReadonlyWorkloadTree {
  readonly #nodes: Int32Array;

  constructor(readonly processors: number) {
    assertPowerOfTwo(processors, 'processor count');
    this.#nodes = new Int32Array(2 * processors);
  }

  /** A tree whose leaves are `leaves` (one per processor), inner nodes computed. */
  static fromLeaves(leaves: ArrayLike<number>): WorkloadTree {
    const tree = new WorkloadTree(leaves.length);
    const n = tree.processors;
    for (let p = 0; p < n; p++) tree.#nodes[n + p] = leaves[p]!;
    tree.#recomputeAll();
    return tree;
  }

  get root(): number {
    // With one processor node 1 is both the root and the only leaf.
    return this.#nodes[1]!;
  }

  leaf(p: number): number {
    return this.#nodes[this.processors + p]!;
  }

  blockValue(start: number, size: number): number {
    this.#checkBlock(start, size);
    return this.#nodes[(this.processors + start) / size]!;
  }

  level(size: number): number[] {
    this.#checkBlock(0, size);
    const first = this.processors / size;
    return Array.from(this.#nodes.subarray(first, 2 * first));
  }

  bestBlock(
    size: number,
    tieBreak?: ReadonlyWorkloadTree,
    eligible?: (start: number) => boolean,
  ): { start: number; value: number } | undefined {
    this.#checkBlock(0, size);
    const nodes = this.#nodes;
    const first = this.processors / size;
    let best = -1;
    let bestValue = 0;
    for (let i = first, end = 2 * first; i < end; i++) {
      const value = nodes[i]!;
      if (eligible !== undefined && value > 0 && !eligible((i - first) * size)) continue;
      if (
        value > bestValue ||
        (value === bestValue &&
          value > 0 &&
          tieBreak !== undefined &&
          tieBreak.blockValue((i - first) * size, size) > tieBreak.blockValue((best - first) * size, size))
      ) {
        bestValue = value;
        best = i;
      }
    }
    return best < 0 ? undefined : { start: (best - first) * size, value: bestValue };
  }

  equals(other: ReadonlyWorkloadTree): boolean {
    if (other.processors !== this.processors) return false;
    for (let size = 1; size <= this.processors; size *= 2) {
      const mine = this.level(size);
      const theirs = other.level(size);
      for (let i = 0; i < mine.length; i++) if (mine[i] !== theirs[i]) return false;
    }
    return true;
  }

  render(): string {
    const lines: string[] = [];
    for (let size = this.processors; size >= 1; size /= 2) lines.push(this.level(size).join(' '));
    return lines.join('\n');
  }

  /**
   * Adds `delta` to the leaves of processors [from, to) and refreshes only their ancestors,
   * level by level, so a change of w processors costs O(w + log N), not O(w log N).
   */
  addToRange(from: number, to: number, delta: number): void {
    if (from >= to || delta === 0) return;
    const nodes = this.#nodes;
    let lo = this.processors + from;
    let hi = this.processors + to - 1;
    for (let i = lo; i <= hi; i++) nodes[i]! += delta;
    while (lo > 1) {
      lo >>= 1;
      hi >>= 1;
      for (let i = lo; i <= hi; i++) {
        const a = nodes[2 * i]!;
        const b = nodes[2 * i + 1]!;
        nodes[i] = a !== 0 && b !== 0 ? a + b : 0;
      }
    }
  }

  /** Adds `delta` to every leaf (a slot was added or deleted). */
  addToAll(delta: number): void {
    const nodes = this.#nodes;
    for (let i = this.processors; i < 2 * this.processors; i++) nodes[i]! += delta;
    this.#recomputeAll();
  }

  /** An independent copy. */
  clone(): WorkloadTree {
    const copy = new WorkloadTree(this.processors);
    copy.#nodes.set(this.#nodes);
    return copy;
  }

  #recomputeAll(): void {
    const nodes = this.#nodes;
    for (let i = this.processors - 1; i >= 1; i--) {
      const a = nodes[2 * i]!;
      const b = nodes[2 * i + 1]!;
      nodes[i] = a !== 0 && b !== 0 ? a + b : 0;
    }
  }

  #checkBlock(start: number, size: number): void {
    if (
      !Number.isInteger(size) ||
      size < 1 ||
      size > this.processors ||
      (size & (size - 1)) !== 0 ||
      !Number.isInteger(start) ||
      start < 0 ||
      start >= this.processors ||
      start % size !== 0
    ) {
      throw new GangError(
        'INVALID_ARGUMENT',
        `no buddy block of size ${size} starts at processor ${start} on ${this.processors} processors`,
      );
    }
  }
}
