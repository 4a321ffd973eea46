import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GangError } from '../errors/gang-error.ts';
import { parseMatrix } from '../matrix/parse.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { matrixArb } from '../testing/arbitraries.ts';
import { checkGangInvariants } from '../testing/invariants.ts';
import { watchMatrix } from '../testing/reference-model.ts';
import { type Fragment, groupAdjacentFragments } from './property1.ts';

/** What re-packing may never change: each column's contents, each job's processors and slot count. */
const footprint = (m: SchedulingMatrix) => ({
  columns: Array.from({ length: m.processors }, (_, p) =>
    Array.from({ length: m.slots }, (_, s) => String(m.jobAt(s, p) ?? '.'))
      .sort()
      .join(' '),
  ),
  jobs: [...m.jobs()].map((j) => `${String(j.id)} ${j.start}+${j.width} ×${j.slots.length}`),
});

describe('groupAdjacentFragments (Property 1)', () => {
  it('brings two adjacent fragments into one slot even when it takes trading overlapping jobs', () => {
    // X (slot 0) and F (slot 1) overlap, so neither can be shifted on its own: the
    // exchange between the clean cuts 4 and 8 moves X, C and F at once.
    const m = parseMatrix(`
      A A A . X X X C
      D D E E . F F F`);
    const slot = groupAdjacentFragments(m, { slot: 0, start: 3, end: 4 }, { slot: 1, start: 4, end: 5 });
    expect(slot).toBe(0);
    expect(m.toString()).toBe('A A A . . F F F\nD D E E X X X C');
  });

  it('takes the shorter of the two exchanges', () => {
    const m = parseMatrix('. X X Y\nZ . W W');
    // Rightwards would exchange processors 1..3; leftwards only processor 0 (job Z).
    expect(groupAdjacentFragments(m, { slot: 0, start: 0, end: 1 }, { slot: 1, start: 1, end: 2 })).toBe(1);
    expect(m.toString()).toBe('Z X X Y\n. . W W');
  });

  it('has nothing to do when both fragments are in the same slot', () => {
    const m = parseMatrix('. . A A\nB B B B');
    expect(groupAdjacentFragments(m, { slot: 0, start: 0, end: 1 }, { slot: 0, start: 1, end: 2 })).toBe(0);
    expect(m.toString()).toBe('. . A A\nB B B B');
  });

  it('refuses ranges that are not idle, or not adjacent, and changes nothing', () => {
    const m = parseMatrix('. . A A\nB B . .');
    const refuse = (left: Fragment, right: Fragment) => {
      try {
        groupAdjacentFragments(m, left, right);
        return 'accepted';
      } catch (e) {
        return (e as GangError).code;
      }
    };
    expect(refuse({ slot: 0, start: 0, end: 3 }, { slot: 1, start: 3, end: 4 })).toBe('NOT_IDLE_FRAGMENT');
    expect(refuse({ slot: 0, start: 0, end: 1 }, { slot: 1, start: 2, end: 4 })).toBe(
      'FRAGMENTS_NOT_ADJACENT',
    );
    expect(refuse({ slot: 0, start: 1, end: 1 }, { slot: 1, start: 1, end: 2 })).toBe('NOT_IDLE_FRAGMENT');
    expect(refuse({ slot: 2, start: 0, end: 1 }, { slot: 1, start: 1, end: 2 })).toBe('NOT_IDLE_FRAGMENT');
    expect(m.toString()).toBe('. . A A\nB B . .');
  });

  it('always succeeds on adjacent fragments, with legal shifts only', () => {
    fc.assert(
      fc.property(
        matrixArb({ maxLog2: 4, maxOperations: 30 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (m, px, pa, pb) => {
          if (m.slots < 2 || m.processors < 2) return;
          // A boundary x with slot a idle just left of it and another slot b idle at it.
          const x = 1 + (px % (m.processors - 1));
          const left = [...Array(m.slots).keys()].filter((s) => m.isIdle(s, x - 1));
          const right = [...Array(m.slots).keys()].filter((s) => m.isIdle(s, x));
          if (left.length === 0 || right.length === 0) return;
          const a = left[pa % left.length]!;
          const b = right[pb % right.length]!;
          let start = x - 1;
          while (start > 0 && m.isIdle(a, start - 1)) start--;
          const end = m.idleRunEnd(b, x, m.processors);
          const before = footprint(m);
          const watcher = watchMatrix(m);
          const slot = groupAdjacentFragments(m, { slot: a, start, end: x }, { slot: b, start: x, end });
          expect([a, b]).toContain(slot);
          expect(m.idleRunEnd(slot, start, end)).toBe(end);
          expect(watcher.violations).toEqual([]);
          expect(footprint(m)).toEqual(before);
          expect(checkGangInvariants(m)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
