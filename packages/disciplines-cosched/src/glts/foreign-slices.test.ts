import { describe, expect, it } from 'vitest';
import { scojoPectProfile } from '../scojo-pect/platform.ts';
import { runCosched, typed } from '../ssp/ssp.test-support.ts';
import { glts } from './glts.ts';

// Four nodes of 2 × 2 cores (processors 4n … 4n + 3; CPU 0 holds 4n, 4n + 1). Intervals of 1 h:
// with no short job waiting, medium [0, 1080) and long [1080, 3600). Long jobs 1 and 2 (8
// processes, SL_scr 1.5 · SL_sno 1.05 > MAX_SL, SL_sno ≤ SELF_SL2: PPN 2) arrive at the long slice
// and form a Case 1 group: job 1 on cores 4n, 4n + 2 of every node, job 2 beside it on 4n + 1,
// 4n + 3. Job 1 stays longer, so in the long machine each node is held once, on job 1's account.
const SHORT = 0;
const MEDIUM = 1;
const LONG = 2;
const sl = { slScr: 1.5, slSno: 1.05, slCos: 1.1 };
const cores = (...cs: number[]) => [0, 1, 2, 3].flatMap((n) => cs.map((c) => 4 * n + c));

describe('glts in Scojo-PECT: a coscheduled job in another type’s slice keeps its whole nodes (§4.7)', () => {
  it('a group member the short slice would have to lend its nodes to is swapped out, partner or not', async () => {
    // Short job 3 (16 processes, all cores of the four nodes) arrives at 2000 and waits: the next
    // interval opens with a short slice of 100 + 30 s, [3600, 3730). Its reservation takes the
    // whole machine at once, so neither long job may go on in the slice: both are swapped out
    // at 3600 and job 3 runs as soon as the swap out is over. Counting job 2 on job 1's account
    // (nothing of its own) would let it run on through the short slice, on cores job 3 needs,
    // and job 3 would wait for the group to end.
    const { ops, outcome } = await runCosched(
      glts,
      [
        typed(1, LONG, 8, 4000, 1080, sl),
        typed(2, LONG, 8, 3000, 1080, sl),
        typed(3, SHORT, 16, 100, 2000, { slScr: 1, slSno: 1 }),
      ],
      { profile: scojoPectProfile },
    );
    expect(ops(1).slice(0, 2)).toEqual([
      ['start', 1080, cores(0, 2)],
      ['suspend', 3600, cores(0, 2)],
    ]);
    expect(ops(2).slice(0, 2)).toEqual([
      ['start', 1080, cores(1, 3)],
      ['suspend', 3600, cores(1, 3)],
    ]);
    expect(outcome(3).start).toBe(3630);
    expect(outcome(3).end).toBeCloseTo(3730, 9);
  });

  it('only jobs of one type share a node: a job of another type does not run beside a resident, nor resume beside one', async () => {
    // Eight nodes. Medium slice [0, 1080): medium jobs 1 and 2 form a group on nodes 0-3 (job 1 on
    // cores 4n, 4n + 2, job 2 beside it), jobs 3 and 4 one on nodes 4-5; jobs 1 and 3 end at
    // 900 · 1.155 = 1039.5. Long job 5 (PPN 2, four nodes) arrives at 500 and finds two free
    // nodes only. At 1080 it is due: the long machine lends job 2 its four nodes (4 + 4 of 8),
    // not job 4 too, which is swapped out; job 5 starts at 1110 on cores 4n, 4n + 2 of nodes 4-7,
    // beside swapped-out job 4. Job 2 ends at 1039.5 + 1600 · 1.05 = 2719.5.
    // Job 4 stays out until its own slice although its cores are idle from then on: resumed beside
    // job 5 it would coschedule a medium with a long job (§4.7: "only jobs of the same type are
    // matched"). At 3600 job 5 is swapped out, not lent the medium slice, since job 4 holds
    // its nodes, and job 4 resumes when that swap out is over (3630); at 4680 the other way round.
    const { ops, outcome } = await runCosched(
      glts,
      [
        typed(1, MEDIUM, 8, 900, 0, sl),
        typed(2, MEDIUM, 8, 2500, 0, sl),
        typed(3, MEDIUM, 4, 900, 0, sl),
        typed(4, MEDIUM, 4, 5000, 0, sl),
        typed(5, LONG, 8, 5000, 500, sl),
      ],
      { profile: scojoPectProfile, machine: { nodes: 8, cpusPerNode: 2, coresPerCpu: 2 } },
    );
    const on = (first: number, last: number, ...cs: number[]) =>
      Array.from({ length: last - first + 1 }, (_, i) => first + i).flatMap((n) => cs.map((c) => 4 * n + c));
    expect(ops(2)).toEqual([['start', 0, on(0, 3, 1, 3)]]);
    expect(outcome(2).end).toBeCloseTo(2719.5, 6);
    expect(ops(4).slice(0, 4)).toEqual([
      ['start', 0, on(4, 5, 1, 3)],
      ['suspend', 1080, on(4, 5, 1, 3)],
      ['resume', 3630, on(4, 5, 1, 3)],
      ['suspend', 4680, on(4, 5, 1, 3)],
    ]);
    expect(ops(5).slice(0, 3)).toEqual([
      ['start', 1110, on(4, 7, 0, 2)],
      ['suspend', 3600, on(4, 7, 0, 2)],
      ['resume', 4710, on(4, 7, 0, 2)],
    ]);
  });
});
