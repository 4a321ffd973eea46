import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GangError } from '../errors/gang-error.ts';
import { parseMatrix } from '../matrix/parse.ts';
import { matrixArb } from '../testing/arbitraries.ts';
import { firstIdleBuddyBlock, idleBuddyBlocks, isBlockIdle, leftmostIdleBuddyBlock } from './idle-blocks.ts';

const fig2 = parseMatrix(`
  J1 J1 J1 J1 J2 J2 .  .
  J3 J3 J3 J3 J4 J5 J7 .
  J8 J8 .  .  .  .  J6 J6`);

describe('idle buddy blocks', () => {
  it('lists which aligned blocks are idle in which slot', () => {
    expect(idleBuddyBlocks(fig2, 2)).toEqual([
      { slot: 0, start: 6, size: 2 },
      { slot: 2, start: 2, size: 2 },
      { slot: 2, start: 4, size: 2 },
    ]);
    // Processors 2..5 are idle in slot 2, but that run is not an aligned block of 4.
    expect(idleBuddyBlocks(fig2, 4)).toEqual([]);
    expect(idleBuddyBlocks(fig2, 1)).toHaveLength(7);
    expect(isBlockIdle(fig2, 2, { start: 2, size: 2 })).toBe(true);
    expect(isBlockIdle(fig2, 1, { start: 6, size: 2 })).toBe(false);
  });

  it('finds the conventional buddy placement: first slot, leftmost block', () => {
    expect(firstIdleBuddyBlock(fig2, 2)).toEqual({ slot: 0, start: 6, size: 2 });
    expect(firstIdleBuddyBlock(fig2, 1)).toEqual({ slot: 0, start: 6, size: 1 });
    expect(firstIdleBuddyBlock(fig2, 4)).toBeUndefined();
    expect(firstIdleBuddyBlock(fig2, 1, (b) => b.start !== 6)).toEqual({ slot: 0, start: 7, size: 1 });
  });

  it('finds the subsets-first placement: leftmost block, first slot it is idle in', () => {
    expect(leftmostIdleBuddyBlock(fig2, 2)).toEqual({ slot: 2, start: 2, size: 2 });
    expect(leftmostIdleBuddyBlock(fig2, 1)).toEqual({ slot: 2, start: 2, size: 1 });
    expect(leftmostIdleBuddyBlock(fig2, 4)).toBeUndefined();
    expect(leftmostIdleBuddyBlock(fig2, 2, (b) => b.start >= 4)).toEqual({ slot: 2, start: 4, size: 2 });
  });

  it('refuses blocks that are not aligned buddy blocks', () => {
    expect(() => idleBuddyBlocks(fig2, 3)).toThrow(GangError);
    expect(() => isBlockIdle(fig2, 0, { start: 1, size: 2 })).toThrow(/not a multiple/);
    expect(() => isBlockIdle(fig2, 3, { start: 0, size: 2 })).toThrow(/UNKNOWN_SLOT/);
  });

  it('agree with a cell-by-cell scan on random matrices', () => {
    fc.assert(
      fc.property(matrixArb({ maxLog2: 4 }), fc.nat(4), (m, k) => {
        const size = 2 ** Math.min(k, Math.log2(m.processors));
        const expected: string[] = [];
        for (let slot = 0; slot < m.slots; slot++) {
          for (let start = 0; start < m.processors; start += size) {
            let idle = true;
            for (let p = start; p < start + size; p++) idle &&= m.jobAt(slot, p) === undefined;
            if (idle) expected.push(`${slot}@${start}`);
          }
        }
        expect(idleBuddyBlocks(m, size).map((b) => `${b.slot}@${b.start}`)).toEqual(expected);
        const first = firstIdleBuddyBlock(m, size);
        expect(first === undefined ? undefined : `${first.slot}@${first.start}`).toBe(expected[0]);
        const byBlock = [...expected].sort((a, b) => Number(a.split('@')[1]) - Number(b.split('@')[1]));
        const leftmost = leftmostIdleBuddyBlock(m, size);
        expect(leftmost === undefined ? undefined : `${leftmost.slot}@${leftmost.start}`).toBe(byBlock[0]);
      }),
      { numRuns: 150 },
    );
  });
});
