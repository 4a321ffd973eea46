import { type ContentionPlacement, idealProfile, type Job, simulate } from '@js/core';
import { Machine } from '@js/machine';
import { describe, expect, it } from 'vitest';
import { zengSodanContention } from './zeng-sodan.ts';

// Two nodes of two dual-core CPUs: node 0 = processors 0-3 (CPU 0: 0, 1; CPU 1: 2, 3), node 1 = 4-7.
const machine = new Machine({ nodes: 2, cpusPerNode: 2, coresPerCpu: 2 });
const traits = { slScr: 1.3, slSno: 1.1, slCos: 1.2 };
const job = (id: number, t: Record<string, number> | null = traits): Job => ({
  id,
  submit: 0,
  size: 1,
  runtime: 100,
  estimate: 100,
  ...(t ? { traits: t } : {}),
});
/** A placement in which `others` maps processors to the jobs running there. */
const placed = (others: Record<number, Job> = {}): ContentionPlacement => ({
  machine,
  runningOn: (p) => others[p],
});
const slowdown = (j: Job, processors: number[], others?: Record<number, Job>) =>
  zengSodanContention.slowdown(j, processors, placed(others));

describe('zeng-sodan-09: slowdowns by placement (§4.9)', () => {
  it('one process alone on its node runs at its base runtime', () => {
    expect(slowdown(job(1), [0])).toBe(1);
    expect(slowdown(job(1), [0, 4])).toBe(1);
  });

  it('processes on different CPUs of one node: SL_sno', () => {
    expect(slowdown(job(1), [0, 2])).toBeCloseTo(1.1, 12);
  });

  it('two processes on the cores of one CPU: SL_scr', () => {
    expect(slowdown(job(1), [0, 1])).toBeCloseTo(1.3, 12);
  });

  it('all four cores of a node: SL_scr · SL_sno', () => {
    expect(slowdown(job(1), [0, 1, 2, 3])).toBeCloseTo(1.43, 12);
  });

  it("another job's process on the node: SL_cos, on top of the self slowdowns", () => {
    const other = job(2);
    expect(slowdown(job(1), [0], { 1: other })).toBeCloseTo(1.2, 12);
    expect(slowdown(job(1), [0, 2], { 1: other, 3: other })).toBeCloseTo(1.32, 12);
    // A neighbour on another node does not count; the job's own processes never do.
    expect(slowdown(job(1), [0, 2], { 4: other })).toBeCloseTo(1.1, 12);
    expect(slowdown(job(1), [0, 2], { 0: job(1), 2: job(1) })).toBeCloseTo(1.1, 12);
  });

  it('the slowest node sets the pace: 4 + 1 processes give the full node’s factor', () => {
    expect(slowdown(job(1), [0, 1, 2, 3, 4])).toBeCloseTo(1.43, 12);
    // A self speedup (SL_scr·SL_sno = 0.9) on one node does not speed up the lone process on the other.
    const fast = job(1, { slScr: 1.0, slSno: 0.9, slCos: 1.05 });
    expect(slowdown(fast, [0, 1, 2, 3])).toBeCloseTo(0.9, 12);
    expect(slowdown(fast, [0, 1, 2, 3, 4])).toBe(1);
  });

  it('per pair (§4.6): each co-runner brings its own SL_{A,i}; the slowest node sets the pace', () => {
    // Keys 2, 4, 7 (the workload's `cosKey`s) address the pair draws: SL_{2,4} = 1.0178,
    // SL_{4,2} = 1.1796, SL_{2,7} = 1.4088, SL_{7,2} = 1.0784 (pinned in pair.test.ts).
    const a = job(1, { slScr: 1.3, slSno: 1.1, slCos: 1.2, cosKey: 2 });
    const b = job(2, { slScr: 1.3, slSno: 1.1, slCos: 1.2, cosKey: 4 });
    const c = job(3, { slScr: 1.3, slSno: 1.1, slCos: 1.2, cosKey: 7 });
    // Job a: one process on node 0 (beside b) and one on node 1 (beside c).
    expect(slowdown(a, [0, 4], { 1: b, 5: c })).toBeCloseTo(1.4088, 4);
    // c gone: only b's value, not a's own slCos 1.2.
    expect(slowdown(a, [0, 4], { 1: b })).toBeCloseTo(1.0178, 4);
    // The other direction is another draw: b beside a, c beside a.
    expect(slowdown(b, [1], { 0: a, 4: a })).toBeCloseTo(1.1796, 4);
    expect(slowdown(c, [5], { 4: a })).toBeCloseTo(1.0784, 4);
    // Self slowdowns multiply on the node: a on both CPUs of node 0 beside b, SL_sno · SL_{2,4}.
    expect(slowdown(a, [0, 2], { 1: b })).toBeCloseTo(1.1 * 1.0178, 4);
    // Two other jobs on one node: the larger pair value (formula 6's SL_q), not their product.
    expect(slowdown(a, [0], { 1: b, 2: c })).toBeCloseTo(1.4088, 4);
    // A partner without a key: the job's own per-job value.
    expect(slowdown(a, [0], { 1: job(9) })).toBeCloseTo(1.2, 12);
  });

  it('a job without slowdown traits is not slowed', () => {
    expect(slowdown(job(1, null), [0, 1, 2, 3], { 4: job(2) })).toBe(1);
  });

  it('the engine stretches the runtime by the factor and re-rates when a neighbour leaves', async () => {
    // Job 1: 2 processes on CPUs 0 and 1 of node 0 (×1.1), job 2 joins on node 0 for 50 s (×1.2 more).
    const a: Job = { ...job(1), size: 2 };
    const b: Job = { ...job(2), size: 1, runtime: 50, estimate: 50 };
    const starts: Record<number, number[]> = { 1: [0, 2], 2: [1] };
    const ends = new Map<number, number>();
    await simulate([a, b], {
      machine,
      profile: idealProfile,
      contention: zengSodanContention,
      discipline: {
        name: 'by-hand',
        summary: '',
        source: '',
        options: (await import('zod')).z.object({}),
        capabilities: { sizing: 'rigid', preemption: 'none' },
        create: () => ({
          schedule(ctx) {
            for (const j of ctx.jobs.pending)
              if (j.state === 'pending') ctx.start(j, { processors: starts[j.id]! });
          },
        }),
      },
      observers: [{ jobEnded: (o) => ends.set(o.job.id, o.end) }],
    });
    // Job 2: 50 s × 1.2 (its own SL_cos) = 60 s. Job 1 did 60 / (100·1.1·1.2) of its work by then,
    // and the rest at ×1.1: 60 + (1 − 60/132)·110 = 120.
    expect(ends.get(2)).toBeCloseTo(60, 9);
    expect(ends.get(1)).toBeCloseTo(120, 9);
  });
});
