import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMatrix } from '../matrix/parse.ts';
import { everyProcessorHasIdleSlot } from '../repack/property2.ts';
import { matrixArb } from '../testing/arbitraries.ts';
import { checkGangInvariants } from '../testing/invariants.ts';
import { everyProcessorHasSingleSlotIdle, relinquishExtraSlots, relinquishForRange } from './relinquish.ts';

describe('relinquishExtraSlots', () => {
  it('keeps the home slot, the first the job gained', () => {
    const m = parseMatrix('. . B B\nA A . .\nA A . .');
    m.extend('A', 0);
    m.legalShift('B', 0, 2);
    expect(m.job('A')!.slots).toEqual([1, 2, 0]);
    expect(relinquishExtraSlots(m, 'A')).toEqual([
      { job: 'A', slot: 0 },
      { job: 'A', slot: 2 },
    ]);
    expect(m.toString()).toBe('. . . .\nA A . .\n. . B B');
    expect(relinquishExtraSlots(m, 'A')).toEqual([]);
    expect(() => relinquishExtraSlots(m, 'Q')).toThrow(/UNKNOWN_JOB/);
  });
});

describe('relinquishForRange', () => {
  it('takes extra slots only on processors with no idle cell, most recent first', () => {
    const m = parseMatrix('A A B B\nA A . .\nC C B B');
    expect(relinquishForRange(m, 2, 4)).toEqual([]);
    expect(relinquishForRange(m, 0, 4)).toEqual([{ job: 'A', slot: 1 }]);
    expect(m.toString()).toBe('A A B B\n. . . .\nC C B B');
  });

  it('refuses when even without extra slots a processor is busy everywhere', () => {
    const m = parseMatrix('A A\nB B');
    expect(() => relinquishForRange(m, 0, 2)).toThrow(/NO_IDLE_FRAGMENT: processor 0 is busy in every slot/);
  });

  it('turns a non-zero WLTS range into a non-zero WLTM range without touching WLTS', () => {
    fc.assert(
      fc.property(matrixArb({ maxLog2: 4, maxOperations: 30 }), fc.nat(), fc.nat(), (m, a, b) => {
        const from = a % m.processors;
        const to = from + 1 + (b % (m.processors - from));
        if (!everyProcessorHasSingleSlotIdle(m, from, to)) return;
        const wlts = m.wlts.render();
        const jobs = m.jobCount;
        relinquishForRange(m, from, to);
        expect(everyProcessorHasIdleSlot(m, from, to)).toBe(true);
        expect(m.wlts.render()).toBe(wlts);
        expect(m.jobCount).toBe(jobs);
        expect(checkGangInvariants(m)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
