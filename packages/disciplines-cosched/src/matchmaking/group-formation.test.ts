import { describe, expect, it } from 'vitest';
import { alwaysFair, groupWithinSlack, withinSlack } from './fairness.ts';
import { formGroup } from './form-group.ts';
import { makeGroup, type Setting } from './group.ts';
import { asMember } from './job.ts';
import { contextWith, ids, machine, preset, waiting } from './matchmaking.test-support.ts';
import { preselected } from './pre-selection.ts';
import { purify } from './purify.ts';
import { windowGroups } from './window.ts';

// Primary: 16 processes at PPN 2 → 8 nodes, 1000 s; no contention unless a test sets some, so
// U_gain = 1 + Σ S_i·min(T_i, t) / (8·t), t the group's life (see the test support).
const primary = waiting(0, 16, 1000, { submit: -1 });
const options = preset();
const ctx = contextWith(100);
const setting: Setting = { primary: asMember(primary, ctx.machine, options), context: ctx, options };

// Already in decreasing remaining runtime, as step 2 leaves a block: nodes 6, 4, 2, 2, 4.
const a = waiting(1, 12, 1000);
const b = waiting(2, 8, 900);
const c = waiting(3, 4, 800);
const d = waiting(4, 4, 700);
const e = waiting(5, 8, 600);
const block = [a, b, c, d, e];

describe('step 3: the window slides over the first block', () => {
  it('gathers consecutive jobs as wide as the primary, each start giving one group', () => {
    const groups = windowGroups(
      setting,
      block.map((j) => asMember(j, ctx.machine, options)),
    );
    expect(groups.map((g) => [ids(g), g.gain])).toEqual([
      // a (6) + b (4) = 10 > 8 + 1 → the window ends after a. t = 1000: 1 + 12·1000/8000 = 2.5
      [[1], 2.5],
      // b + c + d = 8; all end by 900: 1 + (8·900 + 4·800 + 4·700)/(8·900) = 1 + 13200/7200
      [[2, 3, 4], expect.closeTo(1 + 13200 / 7200, 10)],
      // c + d + e = 8, t = 800: 1 + (3200 + 2800 + 4800)/6400 = 2.6875
      [[3, 4, 5], 2.6875],
      // d + e = 6, t = 700: 1 + (2800 + 4800)/5600
      [[4, 5], expect.closeTo(1 + 7600 / 5600, 10)],
      // e alone, t = 600: 1 + 4800/4800
      [[5], 2],
    ]);
  });

  it('keeps the best window', () => {
    const g = formGroup({ primary, candidates: block, context: ctx, options, fair: alwaysFair });
    expect(ids(g)).toEqual([2, 3, 4]);
    expect(g?.gain).toBeCloseTo(2.83333, 5);
  });

  it('lets the matched jobs exceed the primary by MATCHED_LARGER (X − Y ≤ 0.125·Y), no more', () => {
    const five = waiting(1, 10, 1000); // 5 nodes: 5 + 4 = 9 = 8 + 1 fits
    const four = waiting(2, 8, 900);
    const g = formGroup({ primary, candidates: [five, four], context: ctx, options, fair: alwaysFair });
    expect(ids(g)).toEqual([1, 2]);
    // t = 1000; work 16·1000 + 10·1000 + 8·900 = 33200 on 9 nodes: 33200/9000 − 1
    expect(g?.gain).toBeCloseTo(33200 / 9000 - 1, 10);
    expect(g?.footprint).toBe(9);
    const strict = preset('glts', { matchedLarger: 0 });
    const g0 = formGroup({
      primary,
      candidates: [five, four],
      context: ctx,
      options: strict,
      fair: alwaysFair,
    });
    expect(ids(g0)).toEqual([1]); // 5 alone (2.25) beats 4 alone (1 + 7200/7200 = 2)
  });

  it('needs the free nodes for the whole footprint', () => {
    const five = waiting(1, 10, 1000);
    const four = waiting(2, 8, 900);
    const g = formGroup({
      primary,
      candidates: [five, four],
      context: contextWith(8),
      options,
      fair: alwaysFair,
    });
    expect(ids(g)).toEqual([1]);
    expect(
      formGroup({ primary, candidates: block, context: contextWith(7), options, fair: alwaysFair }),
    ).toBeUndefined();
  });
});

describe('step 4: later blocks', () => {
  // Blocks of 2. Block 1: c1 (4 nodes, 1000 s), c2 (6 nodes, 900 s): windows {c1} → 2, {c2} → 2.5.
  // {c2} leaves 2 of the primary's nodes without a partner; block 2 (c3 2 nodes 1000 s, c4 1 node)
  // adds c3: 1 + (12·900 + 4·1000)/8000 = 2.85 > 2.5, and the primary is then full.
  const c1 = waiting(1, 8, 1000);
  const c2 = waiting(2, 12, 900);
  const c3 = waiting(3, 4, 1000);
  const c4 = waiting(4, 2, 950);
  const small = preset('glts', { blockSize: 2 });

  it('adds jobs from later blocks while the gain rises', () => {
    const g = formGroup({
      primary,
      candidates: [c1, c2, c3, c4],
      context: ctx,
      options: small,
      fair: alwaysFair,
    });
    expect(ids(g)).toEqual([2, 3]);
    expect(g?.gain).toBeCloseTo(2.85, 10);
  });

  it('keeps the earlier groups for the fairness check', () => {
    const seen: (number[] | undefined)[] = [];
    const g = formGroup({
      primary,
      candidates: [c1, c2, c3, c4],
      context: ctx,
      options: small,
      fair: (group) => {
        seen.push(ids(group));
        return group.matched.length === 1;
      },
    });
    expect(seen).toEqual([[2, 3], [2]]); // by decreasing gain: 2.85, 2.5
    expect(ids(g)).toEqual([2]);
  });
});

describe('step 5: purify', () => {
  // y: 8 processes (4 nodes), 1000 s, no slowdown. x: 2 processes (1 node), 400 s, slows the
  // primary by SL_{A,x} = 1.25.
  // {y, x}: [0, 400) SL_q 1.25 → A does 320; [400, 1000) → 600 more; y ends at 1000, group ends with
  //   A at 920: (16·920 + 2·400 + 8·1000 − 8·1000)/8000 = 15520/8000 = 1.94.
  // {y}: A and y both end at 1000: (16000 + 8000 − 8000)/8000 = 2.0 ≥ 1.94 → x goes.
  const ctxX = contextWith(100, { '0>11': 1.25 });
  const y = waiting(10, 8, 1000);
  const x = waiting(11, 2, 400);
  const settingX: Setting = { ...setting, context: ctxX };

  it('drops the matched job that slows the primary and adds nothing', () => {
    const both = makeGroup(settingX, [
      asMember(y, ctxX.machine, options),
      asMember(x, ctxX.machine, options),
    ]);
    expect(both.gain).toBeCloseTo(1.94, 10);
    const pure = purify(settingX, both);
    expect(ids(pure)).toEqual([10]);
    expect(pure.gain).toBeCloseTo(2, 10);
    expect(ids(purify(settingX, both, 11))).toEqual([10, 11]); // Case 3 must keep the first job
  });

  it('runs inside the group formation', () => {
    const g = formGroup({ primary, candidates: [y, x], context: ctxX, options, fair: alwaysFair });
    expect(ids(g)).toEqual([10]);
  });

  it('keeps a job that slows the primary but brings more work', () => {
    // x2: 2 nodes (4 processes) and 1000 s: {y, x2}: A does 1000/1.25 = 800 by t = 1000:
    // (16·800 + 4·1000 + 8·1000 − 8000)/8000 = 2.1 > 2.0.
    const ctx2 = contextWith(100, { '0>12': 1.25 });
    const x2 = waiting(12, 4, 1000);
    const g = formGroup({ primary, candidates: [y, x2], context: ctx2, options, fair: alwaysFair });
    expect(ids(g)).toEqual([10, 12]);
    expect(g?.gain).toBeCloseTo(2.1, 10);
  });
});

describe('step 6: fairness and MIN_UTILGAIN', () => {
  it('takes the next best group when the best one would push a job past R_max', () => {
    const tried: (number[] | undefined)[] = [];
    const g = formGroup({
      primary,
      candidates: block,
      context: ctx,
      options,
      fair: (group) => {
        tried.push(ids(group));
        return !group.matched.some((m) => m.job.id === 2);
      },
    });
    expect(tried).toEqual([
      [2, 3, 4],
      [3, 4, 5],
    ]); // 2.8333 rejected, then 2.6875
    expect(ids(g)).toEqual([3, 4, 5]);
  });

  it('forms no group below MIN_UTILGAIN', () => {
    const high = preset('glts', { minUtilGain: 2.7 });
    expect(
      ids(formGroup({ primary, candidates: block, context: ctx, options: high, fair: alwaysFair })),
    ).toEqual([2, 3, 4]);
    const none = formGroup({
      primary,
      candidates: block,
      context: ctx,
      options: high,
      fair: (g) => g.gain < 2.8,
    });
    expect(none).toBeUndefined(); // the only group above 2.7 is unfair
    expect(
      formGroup({
        primary,
        candidates: block,
        context: ctx,
        options: preset('glts', { minUtilGain: 3 }),
        fair: alwaysFair,
      }),
    ).toBeUndefined();
  });

  it('tests formula 4 per job', () => {
    expect(withinSlack(150, 100, 1.5)).toBe(true);
    expect(withinSlack(150.1, 100, 1.5)).toBe(false);
    // Over the jobs a group delays: one of them past F_slack · R_est is enough to refuse it.
    expect(
      groupWithinSlack(
        [
          { before: 0, after: 10, rEst: 10 },
          { before: 0, after: 151, rEst: 100 },
        ],
        1.5,
        'all-delayed',
      ),
    ).toBe(false);
    expect(groupWithinSlack([], 1.5, 'all-delayed')).toBe(true);
  });
});

describe('step 1: pre-selection', () => {
  const member = (j: typeof primary) => asMember(j, ctx.machine, options);

  it('keeps jobs whose mutual slowdown with the primary is within MAX_SL', () => {
    const s = (cos: Record<string, number>): Setting => ({ ...setting, context: contextWith(100, cos) });
    expect(preselected(s({ '0>1': 1.25, '1>0': 1.25 }), member(a))).toBe(true);
    expect(preselected(s({ '0>1': 1.26 }), member(a))).toBe(false); // slows the primary
    expect(preselected(s({ '1>0': 1.26 }), member(a))).toBe(false); // slowed by the primary
    // Self slowdown counts too: SL_sno 1.1 at PPN 2 × SL_cos 1.15 = 1.265 > 1.25.
    expect(preselected(s({ '1>0': 1.15 }), member(waiting(1, 12, 1000, { slSno: 1.1 })))).toBe(false);
  });

  it('drops jobs that would outlast the primary by more than MATCHED_LONGER', () => {
    expect(preselected(setting, member(waiting(1, 4, 4000)))).toBe(true); // 4000 ≤ 1000 + 3000
    expect(preselected(setting, member(waiting(1, 4, 4001)))).toBe(false);
  });

  it('drops the primary itself, grouped running jobs and jobs that cannot share a node', () => {
    expect(preselected(setting, member(primary))).toBe(false);
    const r = { ...waiting(1, 8, 100), state: 'running' as const, ppn: 2 };
    expect(preselected(setting, asMember(r, ctx.machine, options))).toBe(true);
    expect(preselected(setting, asMember({ ...r, grouped: true }, ctx.machine, options))).toBe(false);
    expect(preselected(setting, asMember({ ...r, ppn: 4 }, machine(100), options))).toBe(false);
  });
});
