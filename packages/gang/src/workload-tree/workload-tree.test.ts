import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GangError } from '../errors/gang-error.ts';
import { WorkloadTree } from './workload-tree.ts';

/** The definition, recursively (§3). */
function node(leaves: readonly number[], start: number, size: number): number {
  if (size === 1) return leaves[start]!;
  const a = node(leaves, start, size / 2);
  const b = node(leaves, start + size / 2, size / 2);
  return a !== 0 && b !== 0 ? a + b : 0;
}

const leavesArb = fc
  .integer({ min: 0, max: 5 })
  .chain((k) => fc.array(fc.nat(3), { minLength: 2 ** k, maxLength: 2 ** k }));

describe('WorkloadTree', () => {
  it('holds the values of Fig. 2', () => {
    const tree = WorkloadTree.fromLeaves([0, 0, 1, 1, 1, 1, 1, 2]);
    expect(tree.render()).toBe('0\n0 5\n0 2 2 3\n0 0 1 1 1 1 1 2');
    expect(tree.root).toBe(0);
    expect(tree.level(4)).toEqual([0, 5]);
    expect(tree.blockValue(6, 2)).toBe(3);
  });

  it('sets a node to 0 when either child is 0, even if the other is large', () => {
    const tree = WorkloadTree.fromLeaves([1, 0, 3, 3]);
    expect(tree.level(2)).toEqual([0, 6]);
    expect(tree.root).toBe(0);
  });

  it('has one node, root and leaf at once, on one processor', () => {
    const tree = WorkloadTree.fromLeaves([2]);
    expect(tree.root).toBe(2);
    tree.addToRange(0, 1, -2);
    expect(tree.root).toBe(0);
    expect(tree.render()).toBe('0');
  });

  it('matches the recursive definition, and updates incrementally to the same values', () => {
    fc.assert(
      fc.property(
        leavesArb,
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: -2, max: 2 }))),
        (leaves, changes) => {
          const n = leaves.length;
          const tree = WorkloadTree.fromLeaves(leaves);
          const current = [...leaves];
          for (const [a, b, delta] of changes) {
            const from = a % n;
            const to = from + 1 + (b % (n - from));
            // Leaves count idle slots, so they never go negative.
            const d = Math.max(delta, -Math.min(...current.slice(from, to)));
            tree.addToRange(from, to, d);
            for (let p = from; p < to; p++) current[p]! += d;
          }
          for (let size = 1; size <= n; size *= 2) {
            for (let start = 0; start < n; start += size) {
              expect(tree.blockValue(start, size)).toBe(node(current, start, size));
            }
          }
          expect(tree.equals(WorkloadTree.fromLeaves(current))).toBe(true);
        },
      ),
    );
  });

  it('is non-zero exactly over blocks whose every processor has an idle slot, and then sums them', () => {
    fc.assert(
      fc.property(leavesArb, (leaves) => {
        const tree = WorkloadTree.fromLeaves(leaves);
        for (let size = 1; size <= leaves.length; size *= 2) {
          for (let start = 0; start < leaves.length; start += size) {
            const block = leaves.slice(start, start + size);
            const expected = block.every((v) => v > 0) ? block.reduce((s, v) => s + v, 0) : 0;
            expect(tree.blockValue(start, size)).toBe(expected);
          }
        }
      }),
    );
  });

  it('adds a slot to every processor at once', () => {
    const tree = WorkloadTree.fromLeaves([0, 1, 0, 2]);
    tree.addToAll(1);
    expect(tree.render()).toBe('7\n3 4\n1 2 1 3');
  });

  it('picks the best block: largest value, then the tie-break tree, then leftmost', () => {
    const tree = WorkloadTree.fromLeaves([1, 1, 0, 3, 2, 2, 1, 1]);
    expect(tree.level(2)).toEqual([2, 0, 4, 2]);
    expect(tree.bestBlock(2)).toEqual({ start: 4, value: 4 });
    expect(tree.bestBlock(8)).toBeUndefined();
    const even = WorkloadTree.fromLeaves([1, 1, 1, 1]);
    expect(even.bestBlock(2)).toEqual({ start: 0, value: 2 });
    expect(even.bestBlock(2, WorkloadTree.fromLeaves([1, 0, 1, 1]))).toEqual({ start: 2, value: 2 });
    expect(even.bestBlock(2, WorkloadTree.fromLeaves([1, 1, 1, 1]))).toEqual({ start: 0, value: 2 });
    expect(even.bestBlock(2, undefined, (start) => start !== 0)).toEqual({ start: 2, value: 2 });
    expect(even.bestBlock(2, undefined, () => false)).toBeUndefined();
  });

  it('refuses blocks that do not exist', () => {
    const tree = new WorkloadTree(8);
    expect(() => tree.blockValue(2, 4)).toThrow(GangError);
    expect(() => tree.level(3)).toThrow(/no buddy block of size 3/);
    expect(() => tree.bestBlock(16)).toThrow(GangError);
    expect(() => new WorkloadTree(12)).toThrow(/NOT_POWER_OF_TWO/);
  });

  it('clones independently', () => {
    const tree = WorkloadTree.fromLeaves([1, 1]);
    const copy = tree.clone();
    copy.addToAll(1);
    expect(tree.root).toBe(2);
    expect(copy.root).toBe(4);
    expect(copy.equals(tree)).toBe(false);
  });
});
