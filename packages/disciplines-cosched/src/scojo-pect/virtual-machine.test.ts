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
