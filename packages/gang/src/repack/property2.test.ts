import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMatrix } from '../matrix/parse.ts';
import type { MatrixEvent } from '../matrix/types.ts';
import { matrixArb } from '../testing/arbitraries.ts';
import { checkGangInvariants } from '../testing/invariants.ts';
import { watchMatrix } from '../testing/reference-model.ts';
import { everyProcessorHasIdleSlot, gatherIdleFragments } from './property2.ts';

describe('gatherIdleFragments (Property 2)', () => {
  it('empties a slot when every processor has an idle fragment', () => {
    const m = parseMatrix(`
      A . . B B C . .
      . D D D . . E E
      F F F . G G G .`);
    expect(everyProcessorHasIdleSlot(m, 0, 8)).toBe(true);
    const events: MatrixEvent[] = [];
    m.subscribe((e) => events.push(e));
    expect(gatherIdleFragments(m, 0, 8)).toBe(1);
    // Sweeping right from processor 0, each step is one Property 1 exchange.
    expect(
      events.map((e) =>
        e.kind === 'repack' ? e.shifts.map((s) => `${String(s.job)}${s.from}${s.to}`).join(' ') : e.kind,
      ),
    ).toEqual(['D10 B01', 'B12 E12 G21', 'G10 C01', 'C12']);
    expect(m.toString()).toBe('A D D D G G G .\n. . . . . . . .\nF F F B B C E E');
  });

  it('uses no shift at all when a slot is already idle over the range', () => {
    const m = parseMatrix('A A . .\nB . . C');
    const events: MatrixEvent[] = [];
    m.subscribe((e) => events.push(e));
    expect(gatherIdleFragments(m, 2, 4)).toBe(0);
    expect(gatherIdleFragments(m, 1, 3)).toBe(1);
    expect(events).toEqual([]);
  });

  it('refuses when some processor of the range is busy in every slot, naming it', () => {
    const m = parseMatrix('A A . .\nB . C C');
    expect(() => gatherIdleFragments(m, 0, 4)).toThrow('NO_IDLE_FRAGMENT: processor 0 has no idle slot');
    expect(() => gatherIdleFragments(m, 2, 2)).toThrow(/INVALID_ARGUMENT/);
    expect(() => gatherIdleFragments(m, 3, 5)).toThrow(/INVALID_ARGUMENT/);
    expect(m.toString()).toBe('A A . .\nB . C C');
  });

  it('succeeds on any range exactly when its precondition holds, with legal shifts only', () => {
    fc.assert(
      fc.property(matrixArb({ maxLog2: 4, maxOperations: 30 }), fc.nat(), fc.nat(), (m, a, b) => {
        const from = a % m.processors;
        const to = from + 1 + (b % (m.processors - from));
        let possible = m.slots > 0;
        for (let p = from; p < to; p++) {
          let idle = false;
          for (let s = 0; s < m.slots; s++) idle ||= m.jobAt(s, p) === undefined;
          possible &&= idle;
        }
        expect(everyProcessorHasIdleSlot(m, from, to)).toBe(possible);
        const jobs = [...m.jobs()].map((j) => `${String(j.id)} ${j.start}+${j.width} ×${j.slots.length}`);
        const watcher = watchMatrix(m);
        if (!possible) {
          const before = m.toString();
          expect(() => gatherIdleFragments(m, from, to)).toThrow(/NO_IDLE_FRAGMENT/);
          expect(m.toString()).toBe(before);
          return;
        }
        const slot = gatherIdleFragments(m, from, to);
        expect(m.idleRunEnd(slot, from, to)).toBe(to);
        expect(watcher.violations).toEqual([]);
        expect(watcher.compare()).toEqual([]);
        expect([...m.jobs()].map((j) => `${String(j.id)} ${j.start}+${j.width} ×${j.slots.length}`)).toEqual(
          jobs,
        );
        expect(checkGangInvariants(m)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
