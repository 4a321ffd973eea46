import { describe, expect, it } from 'vitest';
import { runSsp, typed } from './ssp.test-support.ts';
import { formula8 } from './ssp-policy.ts';

const settings = { maxSl: 1.25, selfSl2: 1.12, unknownSlowdowns: 'all-cores' } as const;
const node = { cpusPerNode: 2, coresPerCpu: 2 };

describe('ssp: processes per node by formula 8 (§5.1)', () => {
  it.each([
    [1, 1.0, 1.0, 1, 'a serial job'],
    [8, 1.1, 1.1, 4, 'SL_scr·SL_sno = 1.21 ≤ MAX_SL'],
    [8, 1.2, 1.05, 2, 'SL_scr·SL_sno = 1.26 > MAX_SL, SL_sno ≤ SELF_SL2'],
    [8, 1.5, 1.12, 2, 'SL_sno = 1.12 ≤ SELF_SL2 exactly'],
    [8, 1.5, 1.13, 1, 'both above their thresholds'],
  ])('size %d, SL_scr %d, SL_sno %d → PPN %d (%s)', (size, scr, sno, ppn) => {
    expect(formula8(size, scr, sno, node, settings)).toBe(ppn);
  });

  it('hidden slowdowns: all cores (or one per node, by option)', () => {
    expect(formula8(8, undefined, undefined, node, settings)).toBe(4);
    expect(formula8(8, undefined, undefined, node, { ...settings, unknownSlowdowns: 'one-per-node' })).toBe(
      1,
    );
  });

  it('places each job on whole nodes, its processes on different CPUs first, and runs it at its self slowdown', async () => {
    // All medium, all at time 0, in the medium slice [0, 1080) of the first interval.
    const { ops, outcome } = await runSsp([
      typed(1, 1, 8, 100, 0, { slScr: 1.1, slSno: 1.1 }), // PPN 4: nodes 0, 1; ×1.21
      typed(2, 1, 2, 100, 0, { slScr: 1.5, slSno: 1.05 }), // PPN 2: node 2, CPUs 0 and 1; ×1.05
      typed(3, 1, 1, 100, 0, { slScr: 1.5, slSno: 1.5 }), // serial: node 3; ×1
    ]);
    expect(ops(1)).toEqual([['start', 0, [0, 2, 1, 3, 4, 6, 5, 7]]]);
    expect(ops(2)).toEqual([['start', 0, [8, 10]]]);
    expect(ops(3)).toEqual([['start', 0, [12]]]);
    expect(outcome(1).end).toBeCloseTo(121, 9);
    expect(outcome(2).end).toBeCloseTo(105, 9);
    expect(outcome(3).end).toBe(100);
  });

  it('one job per node: a job of one process waits for a whole free node', async () => {
    // Job 1 takes nodes 0-2 (PPN 4, 12 processes … 3 nodes); job 2 (serial) gets node 3;
    // job 3 (serial) waits for a node although 3 cores of node 3 are idle.
    const { outcome } = await runSsp([
      typed(1, 1, 12, 100, 0, { slScr: 1, slSno: 1 }),
      typed(2, 1, 1, 50),
      typed(3, 1, 1, 50),
    ]);
    expect(outcome(2).start).toBe(0);
    expect(outcome(3).start).toBe(50);
  });
});
