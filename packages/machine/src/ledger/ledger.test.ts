import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Machine, MachineSpecError } from '../topology/machine.ts';
import { AllocationLedger } from './ledger.ts';
import { LedgerError } from './ledger-error.ts';

const machine = new Machine({
  nodes: 2,
  cpusPerNode: 2,
  coresPerCpu: 2,
  resources: [{ name: 'memory', capacity: 10 }],
});
const snapshot = (l: AllocationLedger) => ({
  running: Array.from(l.runningJob),
  resident: Array.from(l.resident),
  free: Array.from(l.free),
  idle: l.idleProcessors,
});

describe('Machine', () => {
  it('derives processors from nodes → CPUs → cores and locates each one', () => {
    expect(machine.processors).toBe(8);
    expect([machine.nodeOf(5), machine.cpuOf(5)]).toEqual([1, 2]);
  });
  it('rejects bad specs with a clear message', () => {
    expect(() => new Machine({ nodes: 0 })).toThrow(/nodes must be a positive integer, got 0/);
    expect(() => new Machine({ nodes: 1, resources: [{ name: 'disk', capacity: -1 }] })).toThrow(
      MachineSpecError,
    );
    expect(() =>
      Machine.flat(2, [
        { name: 'a', capacity: 1 },
        { name: 'a', capacity: 2 },
      ]),
    ).toThrow(/named twice/);
  });
  it('maps named demands to its resource order and ignores resources it does not model', () => {
    expect(Array.from(machine.demandVector({ memory: 3, licences: 2 }))).toEqual([3]);
    expect(Machine.flat(4).demandVector({ memory: 3 })).toHaveLength(0);
  });
});

describe('AllocationLedger', () => {
  it('chooses the lowest idle processors and gives them back', () => {
    const l = new AllocationLedger(machine);
    l.occupy(1, l.chooseProcessors(3), [4], true);
    expect(Array.from(l.chooseProcessors(2))).toEqual([3, 4]);
    expect(snapshot(l)).toMatchObject({ idle: 5, free: [6] });
    l.vacate([0, 1, 2], [4], false);
    expect(snapshot(l)).toEqual(snapshot(new AllocationLedger(machine)));
  });

  it('hands one processor as the same list each time it is the lowest idle one', () => {
    const l = new AllocationLedger(machine);
    const first = l.chooseProcessors(1);
    expect(Array.from(first)).toEqual([0]);
    l.occupy(1, first, [], true);
    expect(Array.from(l.chooseProcessors(1))).toEqual([1]);
    l.vacate(first, [], false);
    expect(l.chooseProcessors(1)).toBe(first);
    expect(Array.from(first)).toEqual([0]);
  });

  it('refuses over-commit of processors or resources and changes nothing', () => {
    const l = new AllocationLedger(machine);
    l.occupy(1, [0, 1], [8], true);
    const before = snapshot(l);
    expect(() => l.occupy(2, [1, 2], [0], true)).toThrow(expect.objectContaining({ rule: 'no-over-commit' }));
    expect(() => l.occupy(2, [2, 3], [3], true)).toThrow(/needs 3 of 'memory', only 2 free/);
    expect(() => l.occupy(2, [2, 2], [0], true)).toThrow(/named twice/);
    expect(() => l.occupy(2, [9], [0], true)).toThrow(expect.objectContaining({ rule: 'valid-processor' }));
    expect(snapshot(l)).toEqual(before);
  });

  it('keeps a suspended job resident and enforces the multiprogramming limit', () => {
    const l = new AllocationLedger(new Machine({ nodes: 2, multiprogrammingLimit: 2 }));
    l.occupy(1, [0], [], true);
    l.vacate([0], [], true); // job 1 suspended on processor 0
    expect(l.resident[0]).toBe(1);
    l.occupy(2, [0], [], true);
    l.vacate([0], [], true);
    expect(() => l.occupy(3, [0], [], true)).toThrow(
      expect.objectContaining({ rule: 'multiprogramming-limit' }),
    );
    l.occupy(1, [0], [], false); // job 1 resumes where it is resident
    expect(l.resident[0]).toBe(2);
  });

  it('never lets any amount go negative or above capacity (random operations)', () => {
    const op = fc.record({
      job: fc.integer({ min: 0, max: 5 }),
      count: fc.integer({ min: 1, max: 8 }),
      mem: fc.double({ min: 0, max: 6, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const l = new AllocationLedger(machine);
        const held = new Map<number, { p: Int32Array; mem: number }>();
        for (const { job, count, mem } of ops) {
          const h = held.get(job);
          if (h) {
            l.vacate(h.p, [h.mem], false);
            held.delete(job);
          } else if (l.fits(count, [mem])) {
            const p = l.chooseProcessors(count);
            l.occupy(job, p, [mem], true);
            held.set(job, { p, mem });
          } else {
            expect(() =>
              l.occupy(job, l.chooseProcessors(Math.min(count, l.idleProcessors) || 1), [10 + 1], true),
            ).toThrow(LedgerError);
          }
          expect(l.free[0]).toBeGreaterThanOrEqual(-1e-9);
          expect(l.free[0]).toBeLessThanOrEqual(10);
          expect(l.idleProcessors).toBe(8 - [...held.values()].reduce((a, h) => a + h.p.length, 0));
        }
      }),
    );
  });
});
