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
});
