import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMatrix } from '../matrix/parse.ts';
import { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { matrixArb } from '../testing/arbitraries.ts';
import { checkGangInvariants } from '../testing/invariants.ts';
import { watchMatrix } from '../testing/reference-model.ts';
import { canEliminateSlot, eliminateSlot, eliminateSlots } from './eliminate-slot.ts';

describe('eliminateSlot', () => {
  it('deletes an empty slot without moving anything', () => {
    const m = parseMatrix('A A . .\n. . . .\nB B C C');
    expect(eliminateSlot(m, { by: 'WLTM' })).toEqual({ slot: 1, relinquished: [] });
    expect(m.toString()).toBe('A A . .\nB B C C');
  });

  it('decides by WLTS unless told otherwise, taking extra slots only where needed', () => {
    const m = parseMatrix('A A B B\nA A . .\nC . D D');
    expect(canEliminateSlot(m)).toBe(true);
    expect(canEliminateSlot(m, { by: 'WLTM' })).toBe(false);
    // Processor 0 is busy in every slot; A's extra slot (1) is the one given up.
    expect(eliminateSlot(m)).toEqual({ slot: 1, relinquished: [{ job: 'A', slot: 1 }] });
    expect(m.toString()).toBe('A A B B\nC . D D');
  });

  it('refuses when the root is 0 and changes nothing', () => {
    const m = parseMatrix('A A B B\nC C . .');
    expect(() => eliminateSlot(m)).toThrow(/NO_IDLE_FRAGMENT: no slot can be eliminated: the WLTS root is 0/);
    expect(m.toString()).toBe('A A B B\nC C . .');
    expect(eliminateSlots(m)).toBe(0);
    expect(eliminateSlots(new SchedulingMatrix(4))).toBe(0);
  });

  it('leaves no eliminable slot, removing one per call and keeping every job where it was', () => {
    fc.assert(
      fc.property(matrixArb({ maxLog2: 4, maxOperations: 30 }), fc.constantFrom('WLTM', 'WLTS'), (m, by) => {
        const slotsBefore = m.slots;
        const before = new Map([...m.jobs()].map((j) => [j.id, j.slots.length]));
        const watcher = watchMatrix(m);
        const deleted = eliminateSlots(m, { by: by as 'WLTM' | 'WLTS' });
        expect(m.slots).toBe(slotsBefore - deleted);
        expect(canEliminateSlot(m, { by: 'WLTM' })).toBe(false);
        if (by === 'WLTS') expect(canEliminateSlot(m, { by: 'WLTS' })).toBe(false);
        for (const job of m.jobs()) {
          if (by === 'WLTM') expect(job.slots.length).toBe(before.get(job.id));
          else expect(job.slots.length).toBeLessThanOrEqual(before.get(job.id)!);
        }
        expect(m.jobCount).toBe(before.size);
        expect(watcher.violations).toEqual([]);
        expect(watcher.compare()).toEqual([]);
        expect(checkGangInvariants(m)).toEqual([]);
        // The paper's count: a slot can go exactly while every processor has an idle cell.
        let busiest = 0;
        for (let p = 0; p < m.processors; p++) {
          let busy = 0;
          for (let s = 0; s < m.slots; s++) busy += m.jobAt(s, p) === undefined ? 0 : 1;
          busiest = Math.max(busiest, busy);
        }
        if (by === 'WLTM') expect(m.slots).toBe(busiest);
      }),
      { numRuns: 300 },
    );
  });
});
