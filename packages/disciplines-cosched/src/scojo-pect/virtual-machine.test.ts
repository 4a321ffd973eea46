import type { JobView } from '@js/core';
import { describe, expect, it } from 'vitest';
import { LONG } from './job-type.ts';
import { VirtualMachine, type Waiting } from './virtual-machine.ts';

/** A waiting job as the plan sees it: its rank (arrival), its nodes' processors and its runtime. */
const waiting = (id: number, arrival: number, footprint: number, runtime: number): Waiting => ({
  job: { id, arrival, demand: [] } as unknown as JobView,
  note: { type: LONG, plan: { footprint, runtime } },
});

const at = (queue: readonly Waiting[]) => Object.fromEntries(queue.map((w) => [w.job.id, w.note.at]));

describe('Scojo-PECT plan: a job whose place is lost keeps its rank (§4.7, conservative backfilling)', () => {
  // Eight processors. A (first, all eight for 50 s) waits behind a resident holding them all;
  // B (second, four for 1000 s) is planned after A.
  const plan = () => {
    const vm = new VirtualMachine(LONG, 8, []);
    const queue = [waiting(1, 0, 8, 50), waiting(2, 1, 4, 1000)];
    vm.reset();
    vm.hold(9, 8, 100, []);
    vm.compress(queue);
    expect(at(queue)).toEqual({ 1: 100, 2: 150 });
    return { vm, queue };
  };

  it('when a resident ends one swap later, A moves by the swap and B goes after it', () => {
    // The resident now ends at 130 (its swap in or out was not in the plan): A no longer fits at
    // 100. Placed again in its turn, A starts at 130 and B, which no longer fits at 150, at 180.
    // Placed after B's standing place went back, A would wait until B ended: 1150.
    const { vm, queue } = plan();
    vm.reset();
    vm.hold(9, 8, 130, []);
    vm.compress(queue);
    expect(at(queue)).toEqual({ 1: 130, 2: 180 });
  });

  it('when A was due but could not start, it is placed at the clock, before B', () => {
    // The resident ended at 100 as planned, but A could not start then (its processors were not
    // ready); at 110 A's place lies in the past. It starts at 110, B at 160 (after A).
    const { vm, queue } = plan();
    vm.clock = 110;
    vm.reset();
    vm.compress(queue);
    expect(at(queue)).toEqual({ 1: 110, 2: 160 });
  });
});

describe('Scojo-PECT plan: jobs of another type lent the slice keep whole nodes, each node once (§4.7)', () => {
  // Two nodes of four processors. Another type's job on node 0 is lent the slice for 100 s; the
  // type's next job waits for the whole machine from 100.
  const lentUntil100 = () => {
    const vm = new VirtualMachine(LONG, 8, [], 'incremental', 4);
    vm.reset();
    expect(vm.tryLend([0], 100)).toBe(true);
    vm.profile.take(100, 1000, 8, []);
    return vm;
  };

  it('a coscheduled partner on the same node costs nothing while it ends first', () => {
    const vm = lentUntil100();
    expect(vm.tryLend([0], 50)).toBe(true);
    // Node 1 is still free until 100: counted per job, node 0 would have taken all eight.
    expect(vm.profile.fitsAt(0, 100, 4, [])).toBe(true);
  });

  it('one staying longer needs the shared node beyond the first loan, and is refused as a whole', () => {
    const vm = lentUntil100();
    // Nodes 0 and 1 for 150 s: node 1 from now, node 0 from 100; the plan has neither after 100.
    expect(vm.tryLend([0, 1], 150)).toBe(false);
    // Nothing of the refused loan stays: node 1 is free until 100, node 0 lent until 100 only.
    expect(vm.profile.fitsAt(0, 100, 4, [])).toBe(true);
    expect(vm.profile.fitsAt(0, 100, 8, [])).toBe(false);
    expect(vm.profile.fitsAt(100, 1, 1, [])).toBe(false);
    // Ending by 100, node 1 fits.
    expect(vm.tryLend([1], 100)).toBe(true);
    expect(vm.profile.fitsAt(0, 1, 1, [])).toBe(false);
  });

  it('a new round holds the lent jobs longest first: each shared node once, for the longer loan', () => {
    const vm = new VirtualMachine(LONG, 8, [], 'incremental', 4);
    vm.reset();
    vm.holdLent(1, [0], 100);
    vm.holdLent(2, [0], 60);
    expect(vm.profile.fitsAt(0, 1000, 4, [])).toBe(true);
    expect(vm.profile.fitsAt(0, 101, 8, [])).toBe(false);
    expect(vm.profile.fitsAt(100, 1000, 8, [])).toBe(true);
  });
});
