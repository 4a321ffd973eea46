import { describe, expect, it } from 'vitest';
import { runCosched, runSsp, typed } from '../ssp/ssp.test-support.ts';
import { ssp } from '../ssp/ssp.ts';
import { scojoPectProfile } from './platform.ts';

// Four nodes of 2 × 2 cores; intervals of 1 h: medium slice [0, 1080), long [1080, 3600) when no
// short job waits. Jobs without slowdown traits run all cores of a node (ssp's default).
const SHORT = 0;
const MEDIUM = 1;
const LONG = 2;

describe('Scojo-PECT: slices, swapping and resuming in place (§4.7, §5.1)', () => {
  it('swaps the old type out at each slice switch (30 s out, 30 s in) and resumes it on the same processors', async () => {
    // Each node's processes on its CPUs in turn: cores 0, 2, 1, 3 of a node.
    const all = [0, 1, 2, 3].flatMap((n) => [0, 2, 1, 3].map((c) => 4 * n + c));
    const { ops, outcome } = await runSsp(
      [typed(1, MEDIUM, 16, 2000), typed(2, LONG, 16, 5000)],
      scojoPectProfile,
    );
    // Medium slice: job 1 runs from 0. At 1080 it is swapped out (its processors free at 1110) and
    // the long job starts. At 3600 (medium slice) the long job is swapped out, job 1 swapped in at
    // 3630, runs from 3660 and ends at 3660 + 920 = 4580. The long job, swapped out, is backfilled
    // into the rest of the medium slice (nothing of the medium type waits): swapped in at 4580,
    // running from 4610, on into its own slice: 4610 + (5000 − 2490) = 7120.
    expect(ops(1)).toEqual([
      ['start', 0, all],
      ['suspend', 1080, all],
      ['resume', 3630, all],
    ]);
    expect(ops(2)).toEqual([
      ['start', 1110, all],
      ['suspend', 3600, all],
      ['resume', 4580, all],
    ]);
    expect(outcome(1).end).toBeCloseTo(4580, 9);
    expect(outcome(2).end).toBeCloseTo(7120, 9);
  });

  it('a short slice opens an interval only when short jobs wait, as long as the longest needs plus the swap out', async () => {
    // The long job fills the machine from 0 (backfilled into the empty medium slice, then its own).
    // The short job arriving at 2000 waits for the next interval: short slice [3600, 3730).
    const { ops, outcome } = await runSsp(
      [typed(1, LONG, 16, 10_000), typed(2, SHORT, 1, 100, 2000)],
      scojoPectProfile,
    );
    expect(outcome(2).start).toBe(3630);
    expect(outcome(2).end).toBeCloseTo(3730, 9);
    // The long job: swapped out at 3600, back in the medium slice from 3730 (swap in to 3760).
    expect(ops(1).map(([op, t]) => [op, t])).toEqual([
      ['start', 0],
      ['suspend', 3600],
      ['resume', 3730],
    ]);
    expect(outcome(1).end).toBeCloseTo(3760 + 10_000 - 3600, 9);
  });

  it('with no short job waiting, no short slice: the interval is medium then long', async () => {
    const { ops } = await runSsp([typed(1, MEDIUM, 16, 1500), typed(2, LONG, 4, 100, 10)], scojoPectProfile);
    // The long job cannot borrow the medium slice (the medium job holds every node): it starts
    // when its slice begins and the medium job's swap out is over.
    expect(ops(2)).toEqual([['start', 1110, [0, 2, 1, 3]]]);
  });
});

describe('Scojo-PECT: non-type slice backfilling (§4.7)', () => {
  it('a job of another type runs in the slice where it delays no job of the slice type or its own', async () => {
    // Medium job on nodes 0-1; the long job fits on node 2 beside it in the medium slice.
    const { outcome } = await runSsp([typed(1, MEDIUM, 8, 2000), typed(2, LONG, 4, 500)], scojoPectProfile);
    expect(outcome(2).start).toBe(0);
    expect(outcome(2).end).toBe(500);
  });

  it('not when the slice type needs the nodes: it waits for its own slice', async () => {
    const { outcome } = await runSsp(
      [typed(1, MEDIUM, 8, 2000), typed(2, MEDIUM, 8, 2000), typed(3, LONG, 4, 500)],
      scojoPectProfile,
    );
    expect(outcome(3).start).toBe(1110);
  });

  it('not when it would delay a waiting job of its own type', async () => {
    // Medium slice: the medium job holds nodes 0-1. Long job 2 (all four nodes) is reserved first
    // in the long machine; long job 3 (one node, arriving later) would fit beside the medium job
    // but would delay job 2 in its own machine: it waits until job 2 is done. Job 2 itself is
    // backfilled into the medium slice once the medium job ends (1000).
    const { outcome } = await runSsp(
      [typed(1, MEDIUM, 8, 1000), typed(2, LONG, 16, 4000, 1), typed(3, LONG, 4, 5000, 2)],
      scojoPectProfile,
    );
    expect(outcome(2).start).toBe(1000);
    expect(outcome(3).start).toBeGreaterThanOrEqual(outcome(2).end);
  });

  it('a job that ends within the slice delays none of its own type: it runs though an earlier one waits', async () => {
    // Long job 1 (nodes 0-1) is backfilled into the empty medium slice at 0 and goes on in its own
    // slice [1080, 3600). Short job 2 (all four nodes) arrives at 1200 and cannot run beside it: it
    // is planned first in the short machine, whose clock stands still until a short slice. Short
    // job 3 (one node, 100 s) arrives at 1300 and fits beside job 1; it ends at 1400, long before
    // the slice does (3600), so none of its run falls in short time and job 2 is not delayed: it
    // starts at 1300. Planned for its whole run in short time, it would wait behind job 2 for the
    // next interval's short slice (3600).
    const { outcome } = await runSsp(
      [typed(1, LONG, 8, 10_000), typed(2, SHORT, 16, 300, 1200), typed(3, SHORT, 4, 100, 1300)],
      scojoPectProfile,
    );
    expect(outcome(3).start).toBe(1300);
    expect(outcome(3).end).toBe(1400);
    // Short slice [3600, 3930): job 1's swap out frees its nodes at 3630.
    expect(outcome(2).start).toBe(3630);
    expect(outcome(2).end).toBe(3930);
  });

  it("one whose run goes past the slice's end is planned in its own type's time for the rest: it waits", async () => {
    // As above, with short job 3 running 500 s from 3300: 200 s of it would fall in short time,
    // where job 2 is planned on every node from the short clock on. It waits behind job 2.
    const { outcome } = await runSsp(
      [typed(1, LONG, 8, 10_000), typed(2, SHORT, 16, 300, 1200), typed(3, SHORT, 4, 500, 3300)],
      scojoPectProfile,
    );
    expect(outcome(2).start).toBe(3630);
    expect(outcome(3).start).toBeGreaterThanOrEqual(outcome(2).end);
  });

  it('a backfilled job goes on across the slice switch where the new slice lends it room', async () => {
    // Long job 2 backfills beside medium job 1 at 0 and goes on in its own slice; medium job 1 is
    // backfilled into the long slice in turn (the long machine has room): no swap at all.
    const { ops, outcome } = await runSsp(
      [typed(1, MEDIUM, 8, 1500), typed(2, LONG, 8, 3000)],
      scojoPectProfile,
    );
    expect(ops(1).map(([op, t]) => [op, t])).toEqual([['start', 0]]);
    expect(ops(2).map(([op, t]) => [op, t])).toEqual([['start', 0]]);
    expect(outcome(1).end).toBe(1500);
    expect(outcome(2).end).toBe(3000);
  });

  it('and is swapped out where the new slice needs its nodes', async () => {
    // As above, plus long job 3 (two nodes) waiting from 1: at 1080 it is due in the long machine,
    // so medium job 1 is swapped out and job 3 starts on its nodes when the swap is over (1110).
    // At 3600 job 3 is swapped out for job 1 (back at 3630); job 2 goes on: the medium slice lends it room.
    const { ops, outcome } = await runSsp(
      [typed(1, MEDIUM, 8, 1500), typed(2, LONG, 8, 3000), typed(3, LONG, 8, 3000, 1)],
      scojoPectProfile,
    );
    expect(ops(1).map(([op, t]) => [op, t])).toEqual([
      ['start', 0],
      ['suspend', 1080],
      ['resume', 3630],
    ]);
    expect(
      ops(3)
        .map(([op, t]) => [op, t])
        .slice(0, 2),
    ).toEqual([
      ['start', 1110],
      ['suspend', 3600],
    ]);
    expect(ops(3)[0]![2]).toEqual(ops(1)[0]![2]);
    expect(ops(2).map(([op, t]) => [op, t])).toEqual([['start', 0]]);
    expect(outcome(2).end).toBe(3000);
  });
});

describe('Scojo-PECT: metrics through the discipline channel (§4.1, §5.1)', () => {
  it('U_core, U_node and RR per type as running values', async () => {
    // Two medium jobs at 0 on an otherwise idle machine: job 1 all cores of node 0 for 100 s,
    // job 2 one core of node 1 for 200 s. Makespan 200 s.
    const { run } = await runSsp([typed(1, MEDIUM, 4, 100), typed(2, MEDIUM, 1, 200)]);
    const c = run.result.counters.ssp!;
    expect(c.U_core).toBeCloseTo((4 * 100 + 1 * 200) / (16 * 200), 12);
    expect(c.U_node).toBeCloseTo((2 * 100 + 1 * 100) / (4 * 200), 12);
    expect(c['RR.medium']).toBe(1);
    expect(c.RR).toBe(1);
    expect(c['U_core.high']).toBe(0);
    // Node 0 all cores for 100 s, node 1 one core for 200 s; never two jobs on a node.
    expect(c['nodes.allCores']).toBeCloseTo(100 / 200, 12);
    expect(c['nodes.someCores']).toBeCloseTo(200 / 200, 12);
    expect(c['nodes.shared']).toBe(0);
    expect(c['nodes.idle']).toBeCloseTo((2 * 100 + 3 * 100) / 200, 12);
    // Space sharing forms no groups: no job is ever a group member alone on a node, so no such figure.
    expect(c['nodes.memberAlone']).toBeUndefined();
  });

  it('the node figures over high-load phases count only the spans with N_H jobs waiting', async () => {
    // N_H = 1. Job 1 holds all four nodes, all cores, [0, 100) while job 2 (four processes) waits:
    // the high-load phase. Job 2 then runs alone on all cores of one node, [100, 200).
    const { run } = await runCosched(ssp, [typed(1, MEDIUM, 16, 100), typed(2, MEDIUM, 4, 100)], {
      jobsPerNode: 1,
      options: { highLoad: 1 },
    });
    const c = run.result.counters.ssp!;
    expect(c['nodes.allCores.high']).toBe(4);
    expect(c['nodes.allCores']).toBeCloseTo((4 * 100 + 1 * 100) / 200, 12);
    expect(c['nodes.someCores.high']).toBe(0);
    expect(c['nodes.idle.high']).toBe(0);
    expect(c['nodes.idle']).toBeCloseTo((0 * 100 + 3 * 100) / 200, 12);
    expect(c['U_core.high']).toBe(1);
    expect(c.highLoadShare).toBeCloseTo(0.5, 12);
  });

  it('RR is response over max(pure runtime, cut-off), time slicing out', async () => {
    const { run } = await runSsp([typed(1, MEDIUM, 16, 2000), typed(2, LONG, 16, 5000)], scojoPectProfile);
    const c = run.result.counters.ssp!;
    expect(c['RR.medium']).toBeCloseTo(4580 / 2000, 9);
    expect(c['RR.long']).toBeCloseTo(7120 / 5000, 9);
    expect(c.RR).toBeCloseTo((4580 / 2000 + 7120 / 5000) / 2, 9);
  });

  it('the cut-off is the short bound, 10 min, unless set: a short job counts its response over 600 s', async () => {
    // As in the short slice test above: the 100 s short job arrives at 2000, waits for the next
    // interval's short slice and ends at 3730, a response of 1730 s.
    const jobs = [typed(1, LONG, 16, 10_000), typed(2, SHORT, 1, 100, 2000)];
    const { run } = await runSsp(jobs, scojoPectProfile);
    expect(run.result.counters.ssp!['RR.short']).toBeCloseTo(1730 / 600, 9);
    const { counters } = await runCosched(ssp, jobs, {
      profile: scojoPectProfile,
      jobsPerNode: 1,
      options: { rrCutoff: 10 },
    });
    expect(counters['RR.short']).toBeCloseTo(1730 / 100, 9);
  });
});
