import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GangError } from '../errors/gang-error.ts';
import { parseMatrix } from '../matrix/parse.ts';
import { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { matrixArb } from '../testing/arbitraries.ts';
import { checkGangInvariants } from '../testing/invariants.ts';
import { allocate } from './allocate.ts';

describe('allocate', () => {
  it('gives each job a buddy block, opening a slot only when no block of its level is available', () => {
    const m = new SchedulingMatrix(8);
    expect(allocate(m, { id: 'A', size: 3 })).toEqual({
      id: 'A',
      slot: 0,
      start: 0,
      width: 4,
      addedSlot: true,
      relinquished: [],
    });
    expect(allocate(m, { id: 'B', size: 4 })).toMatchObject({ slot: 0, start: 4, addedSlot: false });
    expect(allocate(m, { id: 'C', size: 1 })).toMatchObject({ slot: 1, start: 0, addedSlot: true });
    expect(allocate(m, { id: 'D', size: 2 })).toMatchObject({ slot: 1, start: 2, addedSlot: false });
    expect(m.toString()).toBe('A A A A B B B B\nC . D D . . . .');
    expect(m.job('A')).toMatchObject({ size: 3, width: 4 });
  });

  it('prefers the least loaded block (largest node value), not the leftmost', () => {
    const m = parseMatrix('A A . .\n. . . .');
    // Size-2 nodes are 2 and 4.
    expect(allocate(m, { id: 'B', size: 2 })).toMatchObject({ slot: 0, start: 2 });
    expect(m.toString()).toBe('A A B B\n. . . .');
  });

  it('by WLTS, makes jobs give up extra slots when the new job cannot fit otherwise (BRMMS)', () => {
    const m = parseMatrix('A A B B\nA A C C');
    const byWltm = m.clone();
    expect(allocate(byWltm, { id: 'N', size: 2 })).toMatchObject({ addedSlot: true, slot: 2 });
    expect(allocate(m, { id: 'N', size: 2 }, { by: 'WLTS' })).toEqual({
      id: 'N',
      slot: 1,
      start: 0,
      width: 2,
      addedSlot: false,
      relinquished: [{ job: 'A', slot: 1 }],
    });
    expect(m.toString()).toBe('A A B B\nN N C C');
  });

  it('by WLTS, takes real idle cells before any extra slot is given up, though WLTS ranks another block higher (BRMMS, §5)', () => {
    // A (4 wide) runs in all three slots, two of them extra: WLTS sees its processors idle in
    // two slots each (block 0 of size 2: 2 + 2 = 4), WLTM in none. Processors 6–7 are really
    // idle in S1 (WLTS 1 + 1 = 2). "Jobs may have to relinquish the extra time slots when a new
    // job arrives, but it cannot be allocated in the existing time slots": here it can, in S1.
    const m = parseMatrix('A A A A B B C C\nA A A A D D . .\nA A A A E E F F');
    expect(m.wlts.level(2)).toEqual([4, 4, 0, 2]);
    expect(m.wltm.level(2)).toEqual([0, 0, 0, 2]);
    expect(allocate(m, { id: 'N', size: 2 }, { by: 'WLTS' })).toEqual({
      id: 'N',
      slot: 1,
      start: 6,
      width: 2,
      addedSlot: false,
      relinquished: [],
    });
    expect(m.toString()).toBe('A A A A B B C C\nA A A A D D N N\nA A A A E E F F');
    expect(m.job('A')!.slots).toHaveLength(3);
    // With no real idle cell left at that level, WLTS decides and A gives up its last extra slot.
    expect(allocate(m, { id: 'M', size: 2 }, { by: 'WLTS' })).toMatchObject({
      start: 0,
      addedSlot: false,
      relinquished: [{ job: 'A', slot: 2 }],
    });
  });

  it('by WLTS, settles equal blocks by WLTM so nobody gives up a slot needlessly', () => {
    const m = parseMatrix('A A B B\nA A . .');
    expect(allocate(m, { id: 'N', size: 2 }, { by: 'WLTS' })).toMatchObject({
      start: 2,
      slot: 1,
      relinquished: [],
    });
  });

  it('takes only eligible blocks, opening a slot when none of them is available', () => {
    // A 6-processor machine drawn as 8 columns: a block must not put processes on 6 or 7.
    const m = parseMatrix('A A . . . . . .');
    const onMachine = (b: { start: number; size: number }) => b.start + 2 <= 6;
    expect(allocate(m, { id: 'B', size: 2 }, { eligible: onMachine })).toMatchObject({ start: 2, slot: 0 });
    expect(allocate(m, { id: 'C', size: 2 }, { eligible: onMachine })).toMatchObject({ start: 4, slot: 0 });
    // Block 6 is idle in slot 0 but off the machine: a new slot, and its leftmost eligible block.
    expect(allocate(m, { id: 'D', size: 2 }, { eligible: onMachine })).toMatchObject({
      start: 0,
      slot: 1,
      addedSlot: true,
    });
    expect(m.toString()).toBe('A A B B C C . .\nD D . . . . . .');
    const before = m.toString();
    expect(() => allocate(m, { id: 'E', size: 2 }, { eligible: () => false })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(m.toString()).toBe(before);
  });

  it('refuses bad requests before touching anything — not even adding a slot', () => {
    const m = parseMatrix('A A A A');
    for (const [request, code] of [
      [{ id: 'A', size: 1 }, 'DUPLICATE_JOB'],
      [{ id: 'B', size: 0 }, 'INVALID_ARGUMENT'],
      [{ id: 'B', size: 5 }, 'INVALID_ARGUMENT'],
      [{ id: 'B', size: 1.5 }, 'INVALID_ARGUMENT'],
      [{ id: 'x y', size: 1 }, 'INVALID_ARGUMENT'],
    ] as const) {
      expect(() => allocate(m, request)).toThrow(expect.objectContaining({ code }));
      expect(() => allocate(m, request)).toThrow(GangError);
    }
    expect(m.slots).toBe(1);
    expect(m.toString()).toBe('A A A A');
  });

  it('follows the workload-tree rule on random matrices', () => {
    fc.assert(
      fc.property(
        matrixArb({ maxLog2: 5, maxOperations: 30 }),
        fc.nat(),
        fc.constantFrom('WLTM', 'WLTS'),
        (m, rawSize, by) => {
          const size = 1 + (rawSize % m.processors);
          let width = 1;
          while (width < size) width *= 2;
          const primary = (by === 'WLTM' ? m.wltm : m.wlts).level(width);
          const secondary = m.wltm.level(width);
          const top = Math.max(...primary);
          const slots = m.slots;
          const a = allocate(m, { id: 'new', size }, { by: by as 'WLTM' | 'WLTS' });
          expect(a.width).toBe(width);
          expect(a.addedSlot).toBe(top === 0);
          expect(m.slots).toBe(slots + (top === 0 ? 1 : 0));
          if (top > 0) {
            // By WLTS only blocks with real idle room (WLTM > 0) count while there is one, so no
            // job gives up an extra slot needlessly (§5, BRMMS). Then the largest value; by WLTS
            // ties go to the larger WLTM value; then the leftmost.
            const roomy = secondary.some((v) => v > 0);
            const open = primary.map((v, j) => (by === 'WLTS' && roomy && secondary[j] === 0 ? 0 : v));
            const best = Math.max(...open);
            const candidates = open.flatMap((v, j) => (v === best ? [j] : []));
            const bestSecondary = Math.max(...candidates.map((j) => secondary[j]!));
            const expected =
              by === 'WLTM' ? candidates[0] : candidates.find((j) => secondary[j] === bestSecondary);
            expect(a.start / width).toBe(expected);
            if (by === 'WLTS' && roomy) expect(a.relinquished).toEqual([]);
          }
          expect(m.job('new')).toMatchObject({ start: a.start, width, size, slots: [a.slot] });
          expect(checkGangInvariants(m)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('works at scale: 1024 processors, 32 slots', () => {
    const m = new SchedulingMatrix(1024);
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let id = 0;
    while (m.slots < 32) allocate(m, { id: id++, size: Math.ceil(2 ** (random() * 10)) });
    for (let i = 0; i < 200; i++) {
      const jobs = [...m.jobs()];
      m.depart(jobs[Math.floor(random() * jobs.length)]!.id);
      allocate(m, { id: id++, size: Math.ceil(2 ** (random() * 10)) });
    }
    expect(checkGangInvariants(m)).toEqual([]);
  });
});
