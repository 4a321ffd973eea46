import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gangScenarioArb, matrixArb, processorCountArb } from './arbitraries.ts';
import { checkGangInvariants } from './invariants.ts';

describe('arbitraries', () => {
  it('draw power-of-two machines and fixed ones on request', () => {
    for (const n of fc.sample(processorCountArb(5), 50)) expect([1, 2, 4, 8, 16, 32]).toContain(n);
    for (const s of fc.sample(gangScenarioArb({ processors: 8, maxOperations: 5 }), 20)) {
      expect(s.processors).toBe(8);
      expect(s.operations.length).toBeLessThanOrEqual(5);
    }
  });

  it('draw valid matrices with jobs, extra slots and idle cells among them', () => {
    const samples = fc.sample(matrixArb({ maxLog2: 4 }), 100);
    for (const m of samples) expect(checkGangInvariants(m)).toEqual([]);
    expect(samples.some((m) => m.jobCount > 3)).toBe(true);
    expect(samples.some((m) => [...m.jobs()].some((j) => j.slots.length > 1))).toBe(true);
    expect(samples.some((m) => m.wltm.root > 0 || m.wltm.level(1).some((v) => v > 0))).toBe(true);
  });

  it('hand each run its own copy, printed as its rendering', () => {
    const [m] = fc.sample(matrixArb(), 1);
    expect(fc.hasCloneMethod(m)).toBe(true);
    const copy = fc.cloneIfNeeded(m!);
    copy.addSlot();
    expect(copy.slots).toBe(m!.slots + 1);
    expect(fc.stringify(m)).toBe(m!.toString());
  });
});
