import { describe, expect, it } from 'vitest';
import { pairCoschedulingSlowdown } from '../contention/pair.ts';
import { runCosched, typed } from '../ssp/ssp.test-support.ts';
import { cst } from './cst.ts';
import { cstws } from './cstws.ts';
import { glts } from './glts.ts';

// Four nodes of 2 × 2 cores (processors 4n … 4n + 3; CPU 0 holds 4n, 4n + 1). Medium jobs, all in
// the first medium slice [0, 1080) of the ideal profile. SL_scr 1.5 · SL_sno 1.05 > MAX_SL, SL_sno ≤
// SELF_SL2: formula 8 and the group PPN are both 2, so a job alone runs at 1.05 and in a group at
// SL_sno · SL_cos (§4.9). R_est = 0.75 × the response planned at submission (§5.1); the fairness
// test's predictions from the plan are adjusted by the same 0.75. With `allCores: 'any'` Case 5
// runs such a job on all cores of half the nodes at 1.575 (gain 8 / (1.575 · 2) − 1 = 1.54).
const MEDIUM = 1;
const sl = (slCos: number) => ({ slScr: 1.5, slSno: 1.05, slCos });
const nodes = (...ns: number[]) => ns.flatMap((n) => [4 * n, 4 * n + 2]);
const partners = (...ns: number[]) => ns.flatMap((n) => [4 * n + 1, 4 * n + 3]);
const allCoresOf = (...ns: number[]) => ns.flatMap((n) => [4 * n, 4 * n + 2, 4 * n + 1, 4 * n + 3]);
const anyAllCores = { allCores: 'any' };
/** Job 1 (8 processes, four nodes at PPN 2) and jobs 2 and 3 (two nodes each) that fill its window. */
const trio = (slCos: number) => [
  typed(1, MEDIUM, 8, 400, 0, sl(slCos)),
  typed(2, MEDIUM, 4, 300, 0, sl(slCos)),
  typed(3, MEDIUM, 4, 300, 0, sl(slCos)),
];

describe('glts: a group of the first waiting job and matched waiting jobs (Case 1, §4.4–4.6)', () => {
  it('starts all three at once, two jobs per node, and runs them at SL_sno · SL_cos', async () => {
    // Space sharing: job 1 (8 processes, PPN 2) holds all four nodes [0, 420), jobs 2 and 3 follow.
    // Case 1: jobs 2 and 3 (two nodes each) fill the primary's window; U_gain = 16/1.155 · 346.5 /
    // (4 · 346.5) − 1 = 2.46. Fairness: job 1 is delayed to 346.5 + 100 · 1.05 = 451.5, predicted
    // 0.75 · 451.5 = 338.63 ≤ 1.5 · 315.
    const { ops, outcome, counters } = await runCosched(glts, trio(1.1));
    expect(ops(1)).toEqual([['start', 0, nodes(0, 1, 2, 3)]]);
    expect(ops(2)).toEqual([['start', 0, partners(0, 1)]]);
    expect(ops(3)).toEqual([['start', 0, partners(2, 3)]]);
    // Matched jobs: 300 · 1.155. The primary did 300 base seconds by then and ends its last 100
    // alone at 1.05 (the group is disbanded when all matched jobs have ended).
    expect(outcome(2).end).toBeCloseTo(346.5, 6);
    expect(outcome(3).end).toBeCloseTo(346.5, 6);
    expect(outcome(1).end).toBeCloseTo(451.5, 6);
    expect(counters.groups).toBe(1);
    expect(counters.groupSize).toBe(3);
    // Four nodes hold two jobs each until 346.5; then job 1, a group member, runs alone on them at
    // two of four cores until 451.5.
    expect(counters['nodes.shared']).toBeCloseTo((4 * 346.5) / 451.5, 9);
    expect(counters['nodes.someCores']).toBeCloseTo((4 * 105) / 451.5, 9);
    expect(counters['nodes.memberAlone']).toBeCloseTo((4 * 105) / 451.5, 9);
    expect(counters['nodes.allCores']).toBe(0);
  });

  it('falls back to space sharing when the group would push the primary past F_slack · R_est', async () => {
    // SL_cos 1.19: in the group job 1 would end at 300 · 1.2495 + 105 = 479.85, predicted
    // 0.75 · 479.85 = 359.89 > 1.125 · 315 = 354.38 (planned alone: 420, R_est 315), and with job 3
    // alone too; Case 3 (job 1 running as primary) fails the same way. Case 4: job 1 alone at PPN 2
    // on all nodes, 400 · 1.05.
    const jobs = trio(1.19);
    const { ops, outcome, counters } = await runCosched(glts, jobs, { options: { fSlack: 1.125 } });
    expect(ops(1)).toEqual([['start', 0, nodes(0, 1, 2, 3)]]);
    expect(outcome(1).end).toBeCloseTo(420, 6);
    // Jobs 2 and 3 then pair on nodes 0 and 1: two of the three medium jobs ran in a group.
    expect(ops(2)).toEqual([['start', 420, nodes(0, 1)]]);
    expect(ops(3)).toEqual([['start', 420, partners(0, 1)]]);
    expect(counters.groups).toBe(1);
    expect(counters.groupedShare).toBeCloseTo(2 / 3, 12);
    // Four groups went to the fairness test: at 0, job 1's Case 1 group with jobs 2 and 3, then
    // purified to job 3 alone; once job 1 runs, job 2's Case 3 group under job 1; at 420 the pair.
    // Only the last passed.
    expect(counters['fairness.passed']).toBe(0.25);
    expect(outcome(2).start).toBeCloseTo(420, 6);
    expect(outcome(3).start).toBeCloseTo(420, 6);
    // Job 1 alone at two of four cores on four nodes [0, 420), never in a group; the pair on two
    // nodes [420, 794.85), both ending together: no group member is ever alone on a node.
    expect(outcome(3).end).toBeCloseTo(794.85, 6);
    expect(counters['nodes.someCores']).toBeCloseTo((4 * 420) / 794.85, 9);
    expect(counters['nodes.shared']).toBeCloseTo((2 * 374.85) / 794.85, 9);
    expect(counters['nodes.memberAlone']).toBe(0);
    // With more slack the same group passes.
    const loose = await runCosched(glts, jobs, { options: { fSlack: 2 } });
    expect(loose.outcome(2).start).toBe(0);
    expect(loose.outcome(1).end).toBeCloseTo(479.85, 6);
  });

  it('at the default F_slack 1.5 the same group passes: the plan now is adjusted as R_est is (§4.1, §5.1)', async () => {
    // The fairness test predicts job 1 from the same plan that gave its R_est, so it reads that
    // plan with the same 0.75 (§5.1): alone it is predicted at 0.75 · 420 = 315 = R_est, in the
    // group at 0.75 · 479.85 = 359.89 ≤ 1.5 · 315 = 472.5, a 14 % delay against R_max's 50 %.
    // Unadjusted, 479.85 > 472.5 would discard the group: every job on plan would read as
    // R_est / 0.75, leaving 1.5 · 0.75 = 1.125 of its plan as room.
    const { ops, outcome, counters } = await runCosched(glts, trio(1.19));
    expect(ops(1)).toEqual([['start', 0, nodes(0, 1, 2, 3)]]);
    expect(ops(2)).toEqual([['start', 0, partners(0, 1)]]);
    expect(ops(3)).toEqual([['start', 0, partners(2, 3)]]);
    // Matched jobs: 300 · 1.05 · 1.19 = 374.85; job 1 its last 100 base seconds alone at 1.05.
    expect(outcome(2).end).toBeCloseTo(374.85, 6);
    expect(outcome(1).end).toBeCloseTo(479.85, 6);
    expect(counters.groups).toBe(1);
  });
});

describe('glts: with F_slack 1 no group delays a job beyond its plan at submission (§4.1, §4.5 step 6)', () => {
  it('the Case 1 group of the first test is discarded: jobs run as planned, alone', async () => {
    // Planned at submission: job 1 alone [0, 420), jobs 2 and 3 alone on two nodes each [420, 735);
    // R_est = 0.75 · planned response: 315 and 551.25, and so is each job's prediction without a
    // group; R_max = 1 · R_est. The group of the first test would delay job 1 to 0.75 · 451.5 =
    // 338.63 (> 315); at 420 the pair of jobs 2 and 3 would delay both to 0.75 · (420 + 300 ·
    // 1.155) = 574.88 (> 551.25). No group passes; each job runs alone at PPN 2.
    const { ops, outcome, counters } = await runCosched(glts, trio(1.1), { options: { fSlack: 1 } });
    expect(ops(1)).toEqual([['start', 0, nodes(0, 1, 2, 3)]]);
    expect(outcome(1).end).toBeCloseTo(420, 6);
    expect(outcome(2).start).toBeCloseTo(420, 6);
    expect(outcome(3).start).toBeCloseTo(420, 6);
    expect(outcome(2).end).toBeCloseTo(735, 6);
    expect(outcome(3).end).toBeCloseTo(735, 6);
    expect(counters.groups ?? 0).toBe(0);
  });

  it('with Case 5 for every job of four processes or more (allCores any), a job takes it where the plan admits its longer run', async () => {
    // No group passes, as above. Job 1's Case 5 (nodes 0 and 1 at 1.575, [0, 630)) would delay the
    // reservations of jobs 2 and 3 at 420 on two nodes each, so the plan refuses it: Case 4, at PPN 2
    // on all four nodes, [0, 420). At 420 the pair again fails the test, and Case 5 starts each (gain
    // 4 / 1.575 − 1 = 1.54 on one node; Case 4 is only the fallback): 300 · 1.575 = 472.5, so both
    // end at 892.5, later than the 735 planned, on half the nodes. R / R_est = 892.5 / 551.25 = 1.62
    // > F_slack: space sharing is not put to the fairness test (§4.5 step 6 tests groups).
    const { ops, outcome, counters } = await runCosched(glts, trio(1.1), {
      options: { fSlack: 1, ...anyAllCores },
    });
    expect(ops(1)).toEqual([['start', 0, nodes(0, 1, 2, 3)]]);
    expect(outcome(1).end).toBeCloseTo(420, 6);
    expect(ops(2)).toEqual([['start', 420, allCoresOf(0)]]);
    expect(ops(3)).toEqual([['start', 420, allCoresOf(1)]]);
    expect(outcome(2).end).toBeCloseTo(892.5, 6);
    expect(outcome(3).end).toBeCloseTo(892.5, 6);
    expect(counters.groups ?? 0).toBe(0);
  });
});

describe('glts: groups are disbanded, never joined (§4.4)', () => {
  it('when the primary ends the matched job runs on alone; a later job forms a new group with it', async () => {
    // Job 1 (200 s) primary, job 2 (400 s) matched, both at 1.155: job 1 ends at 231, the group is
    // disbanded and job 2 runs on at 1.05. Job 3 (arriving at 100) cannot join the running group:
    // it waits; at 231 job 2, alone, is the primary of Case 3 with job 3 matched on nodes 0 and 1.
    const { ops, outcome, counters } = await runCosched(glts, [
      typed(1, MEDIUM, 8, 200, 0, sl(1.1)),
      typed(2, MEDIUM, 8, 400, 0, sl(1.1)),
      typed(3, MEDIUM, 4, 50, 100, sl(1.1)),
    ]);
    expect(ops(1)).toEqual([['start', 0, nodes(0, 1, 2, 3)]]);
    expect(ops(2)).toEqual([['start', 0, partners(0, 1, 2, 3)]]);
    expect(outcome(1).end).toBeCloseTo(231, 6);
    // Job 3 on the cores job 1 left, sharing CPUs with job 2: 50 · 1.155 = 57.75.
    const [op, at, on] = ops(3)[0]!;
    expect([op, on]).toEqual(['start', nodes(0, 1)]);
    expect(at).toBeCloseTo(231, 6);
    expect(outcome(3).end).toBeCloseTo(288.75, 6);
    // Job 2: 200 base seconds by 231; 50 more at 1.155 beside job 3; the last 150 at 1.05.
    expect(outcome(2).end).toBeCloseTo(288.75 + 150 * 1.05, 6);
    expect(counters.groups).toBe(2);
    // Four memberships, three distinct jobs: every medium job ran in a group (§5.2's share).
    expect(counters.groupedShare).toBe(1);
  });
});

describe('cst and cstws: two jobs, best match or first match (§5.1)', () => {
  // Job 1 (4 nodes) is primary; job 2 (one node) comes first in FCFS order, job 3 (four nodes)
  // brings the larger gain (2.46 against 1.16).
  const jobs = [
    typed(1, MEDIUM, 8, 400, 0, sl(1.1)),
    typed(2, MEDIUM, 2, 400, 0, sl(1.1)),
    typed(3, MEDIUM, 8, 400, 0, sl(1.1)),
  ];

  it('cst takes the best match', async () => {
    const { ops, outcome } = await runCosched(cst, jobs);
    expect(ops(3)).toEqual([['start', 0, partners(0, 1, 2, 3)]]);
    expect(outcome(1).end).toBeCloseTo(462, 6);
    expect(outcome(2).start).toBeCloseTo(462, 6);
  });

  it('cstws takes the first suitable match', async () => {
    const { ops, outcome } = await runCosched(cstws, jobs);
    expect(ops(2)).toEqual([['start', 0, partners(0)]]);
    expect(outcome(2).end).toBeCloseTo(462, 6);
    expect(outcome(3).start).toBeCloseTo(462, 6);
  });

  it('a first match of less gain than Case 5 loses to it (allCores any)', async () => {
    // CSTWS's pair of jobs 1 and 2 gains 1.16 < Case 5's 1.54: job 1 runs alone on all cores of
    // nodes 0 and 1 at 1.575. CST's pair with job 3 (2.46) would still beat it.
    const { ops, outcome } = await runCosched(cstws, jobs, { options: anyAllCores });
    expect(ops(1)).toEqual([['start', 0, allCoresOf(0, 1)]]);
    expect(outcome(1).end).toBeCloseTo(630, 6);
    const best = await runCosched(cst, jobs, { options: anyAllCores });
    expect(best.ops(3)).toEqual([['start', 0, partners(0, 1, 2, 3)]]);
  });
});

describe('glts with allCores any: backfilling reaches jobs that only all cores make narrow enough (§4.4)', () => {
  it('a job of one process per node by formula 8 is backfilled on all cores of the two free nodes', async () => {
    // SL_cos 1.3 keeps every pair past MAX_SL. Job 1 (8 processes, 1.155 ≤ MAX_SL): Case 5 on
    // nodes 0 and 1, 800 · 1.155 = 924. Job 2 (16 processes, all cores of four nodes) waits for
    // 924. Job 3 (8 processes; SL_sno 1.2 > SELF_SL2, so one process per node: 8 nodes by formula 8)
    // fits the free nodes 2 and 3 only at all cores: 100 · 1.5 · 1.2 = 180 s, done before 924, so
    // backfilling starts it at once. Counting its fewest nodes by formula 8 (8) would skip it, and
    // it would wait for job 2's reservation.
    const slow = { slScr: 1.5, slSno: 1.2, slCos: 1.3 };
    const fast = { slScr: 1.1, slSno: 1.05, slCos: 1.3 };
    const jobs = [
      typed(1, MEDIUM, 8, 800, 0, fast),
      typed(2, MEDIUM, 16, 400, 0, fast),
      typed(3, MEDIUM, 8, 100, 0, slow),
    ];
    const { ops, outcome } = await runCosched(glts, jobs, { options: anyAllCores });
    expect(ops(1)).toEqual([['start', 0, allCoresOf(0, 1)]]);
    expect(ops(3)).toEqual([['start', 0, allCoresOf(2, 3)]]);
    expect(outcome(3).end).toBeCloseTo(180, 6);
    expect(outcome(2).start).toBeCloseTo(924, 6);
    // Under formula-8 job 3 is never backfilled beside job 1: it starts only once job 2 has.
    const plain = await runCosched(glts, jobs);
    expect(plain.outcome(3).start).toBeGreaterThanOrEqual(plain.outcome(2).start);
  });
});

describe('matchmaking by pair values (§4.6: SL_{A,i} per pair)', () => {
  // The cst/cstws jobs above, each with a key: SL_{9,3} = 1.3410 makes job 2 slow beside job 1
  // (1.05 · 1.3410 = 1.41 > MAX_SL 1.25), while jobs 1 and 3 suit each other (SL_{3,6} = 1.0499,
  // SL_{6,3} = 1.0548). Every job's own slCos is 1.1, so read per job, job 2 would do.
  const keyed = (id: number, size: number, cosKey?: number) =>
    typed(id, MEDIUM, size, 400, 0, cosKey === undefined ? sl(1.1) : { ...sl(1.1), cosKey });
  const jobs = [keyed(1, 8, 3), keyed(2, 2, 9), keyed(3, 8, 6)];

  it('cstws passes over the first candidate when its pair value with the primary is too high', async () => {
    const { ops, outcome } = await runCosched(cstws, jobs);
    expect(ops(3)).toEqual([['start', 0, partners(0, 1, 2, 3)]]);
    expect(outcome(2).start).toBeGreaterThan(0);
    // Job 1 runs beside job 3 at SL_sno · SL_{3,6} (its own pair value, not job 3's SL_{6,3}).
    expect(outcome(1).end).toBeCloseTo(400 * 1.05 * pairCoschedulingSlowdown(3, 6), 6);
    expect(outcome(1).end).toBeCloseTo(400 * 1.05 * 1.0499, 1);
    // Without the keys the same jobs pair 1 with 2, as in the test above.
    const perJob = await runCosched(cstws, [keyed(1, 8), keyed(2, 2), keyed(3, 8)]);
    expect(perJob.ops(2)).toEqual([['start', 0, partners(0)]]);
  });
});

describe('glts: the delay factor R / R_est of §5.2 counts medium and long jobs', () => {
  it('a medium job alone ends as planned at submission: R / R_est = 1 / 0.75; short jobs are not counted', async () => {
    // Job 1 alone at PPN 2 (Case 4): 400 · 1.05 = 420 s, as planned, so R / R_est = 420 / (0.75 · 420).
    // The sketch's buckets are 0.5 % wide.
    const medium = await runCosched(glts, [typed(1, MEDIUM, 8, 400, 0, sl(1.1))]);
    expect(Math.abs(medium.counters['fairness.p75']! - 1 / 0.75)).toBeLessThan(0.01);
    // With allCores any it takes Case 5 (the plan, formula 8's, had it at PPN 2): 400 · 1.575 = 630 s
    // on two nodes, so R / R_est = 630 / 315 = 2.
    const allCores = await runCosched(glts, [typed(1, MEDIUM, 8, 400, 0, sl(1.1))], { options: anyAllCores });
    expect(allCores.outcome(1).end).toBeCloseTo(630, 6);
    expect(Math.abs(allCores.counters['fairness.p75']! - 2)).toBeLessThan(0.01);
    // Short jobs are only space-shared (§4.3): matchmaking delays none, and §5.2 gives the factor
    // for medium and long jobs only.
    const short = await runCosched(glts, [typed(1, 0, 8, 400, 0, sl(1.1)), typed(2, 0, 4, 100, 0, sl(1.1))]);
    expect(short.run.result.status).toBe('completed');
    expect(short.counters['fairness.p75']).toBeUndefined();
    expect(short.counters['fairness.p95']).toBeUndefined();
  });
});
