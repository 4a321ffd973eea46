import { describe, expect, it } from 'vitest';
import { decideBackfill, decideFirstJob, type Situation } from './cases.ts';
import { alwaysFair } from './fairness.ts';
import { contextWith, ids, preset, running, waiting } from './matchmaking.test-support.ts';

const options = preset();
const situation = (s: Partial<Situation> & Pick<Situation, 'job'>): Situation => ({
  waiting: [],
  running: [],
  context: contextWith(0),
  fair: alwaysFair,
  ...s,
});
// SL_scr·SL_sno = 1.155 ≤ MAX_SL: formula 8 gives PPN 4; alone at PPN 4: 16/(1.155·4) − 1 = 2.4632.
const fourPerNode = { slScr: 1.1, slSno: 1.05 };
// 1.43 > MAX_SL but SL_sno 1.1 ≤ SELF_SL2: PPN 2 at most.
const twoPerNode = { slScr: 1.3, slSno: 1.1 };

describe('the first waiting job (§4.3, §4.4)', () => {
  it('space-shares short jobs by formula 8', () => {
    const d = decideFirstJob(
      situation({
        job: waiting(1, 16, 300, fourPerNode),
        waiting: [waiting(2, 16, 300)],
        context: contextWith(10),
        spaceSharingOnly: true,
      }),
      options,
    );
    expect(d).toMatchObject({ kind: 'space', case: 5, ppn: 4, nodes: 4 });
  });

  it('runs alone by formula 8 when every waiting job fits at one process per node (§4.3)', () => {
    const low = (slScr: number, slSno: number) =>
      decideFirstJob(
        situation({
          job: waiting(1, 4, 100, { slScr, slSno }),
          waiting: [waiting(2, 2, 100)],
          context: contextWith(6),
        }),
        options,
      );
    // SL_scr·SL_sno = 1.05 ≤ MAX_SL: all cores of one node, though one per node would run faster.
    expect(low(1, 1.05)).toMatchObject({ kind: 'space', case: 5, ppn: 4, nodes: 1 });
    // 1.2 · 1.05 > MAX_SL, SL_sno ≤ SELF_SL2: one process per CPU.
    expect(low(1.2, 1.05)).toMatchObject({ kind: 'space', case: 4, ppn: 2, nodes: 2 });
    // Neither: one process per node.
    expect(low(1.2, 1.2)).toMatchObject({ kind: 'space', case: 4, ppn: 1, nodes: 4 });
  });

  it('lowLoad fastest: runs alone at its fastest when every waiting job fits at one process per node', () => {
    const low = (slSno: number) =>
      decideFirstJob(
        situation({
          job: waiting(1, 4, 100, { slSno }),
          waiting: [waiting(2, 2, 100)],
          context: contextWith(6),
        }),
        preset('glts', { lowLoad: 'fastest' }),
      );
    expect(low(1.05)).toMatchObject({ kind: 'space', case: 4, ppn: 1, nodes: 4 });
    expect(low(0.95)).toMatchObject({ kind: 'space', case: 4, ppn: 2, nodes: 2 }); // a speedup (§4.9)
  });

  it('pairs a burst of serial jobs two to a node before anything else', () => {
    const burst = [waiting(2, 1, 1000), waiting(3, 1, 1000), waiting(4, 1, 1000), waiting(5, 16, 1000)];
    const d = decideFirstJob(
      situation({ job: waiting(1, 1, 1000), waiting: burst, context: contextWith(2) }),
      options,
    );
    expect(d.kind).toBe('serial-burst');
    if (d.kind !== 'serial-burst') return;
    // Two serial jobs of 1000 s on one node: (1000 + 1000 − 1000)/1000 = 1.
    expect(d.groups.map((g) => [g.primary.job.id, ...(ids(g) ?? [])])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(d.groups.map((g) => g.gain)).toEqual([1, 1]);
    const one = decideFirstJob(
      situation({ job: waiting(1, 1, 1000), waiting: burst, context: contextWith(1) }),
      options,
    );
    expect(one.kind === 'serial-burst' && one.groups.length).toBe(1);
  });

  it('does not start a burst without the first job', () => {
    // Job 1 slows beside anyone (SL_cos 1.3 > MAX_SL): it runs alone at PPN 1 (Case 4).
    const ctx = contextWith(2, { '1>2': 1.3, '1>3': 1.3 });
    const d = decideFirstJob(
      situation({
        job: waiting(1, 1, 1000),
        waiting: [waiting(2, 1, 1000), waiting(3, 1, 1000), waiting(5, 16, 9)],
        context: ctx,
      }),
      options,
    );
    expect(d).toMatchObject({ kind: 'space', case: 4, ppn: 1, nodes: 1 });
  });

  it('Case 2: coscheduled with running jobs when no node is free', () => {
    // Job 1 (4 nodes at PPN 2, 1000 s) on running job 9's nodes (4 nodes at PPN 2, 200 s left). The
    // group ends with job 9 at 200: (8·200 + 8·200 − 4·200)/(4·200) = 3. MATCHED_LONGER 500 keeps
    // job 1 out of Case 3 under job 9 (1000 > 200 + 500).
    const d = decideFirstJob(
      situation({ job: waiting(1, 8, 1000), waiting: [waiting(2, 8, 1000)], running: [running(9, 8, 200)] }),
      preset('glts', { matchedLonger: 500 }),
    );
    expect(d).toMatchObject({ kind: 'group', case: 2, group: { gain: 3, freeNodesNeeded: 0 } });
  });

  it('Case 3: a running job as primary, the first waiting job matched', () => {
    // Job 9 has 2000 s left: Case 2 drops it (2000 > 1000 + 500); under job 9, job 1 ends at 1000:
    // (8·1000 + 8·1000 − 4·1000)/4000 = 3.
    const s = situation({
      job: waiting(1, 8, 1000),
      waiting: [waiting(2, 8, 1000)],
      running: [running(9, 8, 2000)],
    });
    const d = decideFirstJob(s, preset('glts', { matchedLonger: 500 }));
    expect(d).toMatchObject({ kind: 'group', case: 3, group: { gain: 3 } });
    if (d.kind === 'group') expect([d.group.primary.job.id, ...(ids(d.group) ?? [])]).toEqual([9, 1]);
  });

  it('Case 3 tries only the RUNNING_PRIM_NUM least delayed running jobs', () => {
    // Job 8 is least delayed but slows job 1 too much; job 9 would do.
    const s = situation({
      job: waiting(1, 8, 1000),
      waiting: [waiting(2, 8, 1000)],
      running: [running(9, 8, 2000, { delay: 5 }), running(8, 8, 2000, { delay: 1 })],
      context: contextWith(0, { '1>8': 1.3 }),
    });
    expect(decideFirstJob(s, preset('glts', { matchedLonger: 500 }))).toMatchObject({
      kind: 'group',
      case: 3,
    });
    expect(decideFirstJob(s, preset('glts', { matchedLonger: 500, runningPrimNum: 1 }))).toEqual({
      kind: 'none',
    });
  });

  it('Case 1 against Case 5: the higher utilisation gain wins', () => {
    // Job 1 at PPN 2 (SL_sno 1.05) with job 2 (16 processes, 1000 s): job 2 ends first, at 1000:
    // (16·1000/1.05 + 16·1000 − 8·1000)/8000 = 2.9048 > Case 5's 2.4632.
    const job = waiting(1, 16, 2000, fourPerNode);
    const big = decideFirstJob(
      situation({ job, waiting: [waiting(2, 16, 1000)], context: contextWith(16) }),
      options,
    );
    expect(big).toMatchObject({ kind: 'group', case: 1 });
    if (big.kind === 'group') expect(big.group.gain).toBeCloseTo(16000 / 1.05 / 8000 + 1, 10);
    // With job 2 of 4 processes: (15238.1 + 4000 − 8000)/8000 = 1.4048 < 2.4632.
    const small = decideFirstJob(
      situation({ job, waiting: [waiting(2, 4, 1000), waiting(3, 40, 9)], context: contextWith(16) }),
      options,
    );
    expect(small).toMatchObject({ kind: 'space', case: 5, ppn: 4, nodes: 4 });
  });

  it('a Case 5 the plan refuses does not outbid a group that can start (§4.4)', () => {
    // As above with job 2 of 4 processes: Case 5 (2.4632) beats the group (1.4048) where the job
    // can start alone, but where that would delay a reservation (conservative backfilling), the
    // group is the best option that can start, and wins; the first job and a backfilled one alike.
    const s = situation({
      job: waiting(1, 16, 2000, fourPerNode),
      waiting: [waiting(2, 4, 1000), waiting(3, 40, 9)],
      context: contextWith(16),
    });
    expect(decideFirstJob(s, options)).toMatchObject({ kind: 'space', case: 5 });
    expect(decideBackfill(s, options)).toMatchObject({ kind: 'space', case: 5 });
    const refused = { ...s, startsAlone: () => false };
    for (const d of [decideFirstJob(refused, options), decideBackfill(refused, options)]) {
      expect(d).toMatchObject({ kind: 'group', case: 1 });
      if (d.kind === 'group') expect(d.group.gain).toBeCloseTo((16000 / 1.05 + 4000 - 8000) / 8000, 10);
    }
    // Case 4 alone is refused too: nothing starts (the frame may still start a due reservation).
    const alone = situation({ job: waiting(1, 16, 2000, fourPerNode), context: contextWith(16) });
    expect(decideBackfill({ ...alone, startsAlone: () => false }, options)).toEqual({ kind: 'none' });
    expect(decideBackfill({ ...alone, startsAlone: (a) => a.case === 4 }, options)).toMatchObject({
      kind: 'space',
      case: 4,
    });
  });

  it('falls back to Case 4, or to nothing', () => {
    const job = waiting(1, 16, 1000, twoPerNode);
    const s = situation({ job, waiting: [waiting(2, 16, 1000)], context: contextWith(8, { '2>1': 1.3 }) });
    // No group (SL_cos 1.3 > MAX_SL), and Case 5 is not offered (1.43 > MAX_SL): Case 4,
    // 16/(1.1·8) − 1 = 0.8182.
    const d = decideFirstJob(s, options);
    expect(d).toMatchObject({ kind: 'space', case: 4, ppn: 2, nodes: 8 });
    if (d.kind === 'space') expect(d.gain).toBeCloseTo(16 / 8.8 - 1, 10);
    expect(decideFirstJob({ ...s, context: contextWith(7, { '2>1': 1.3 }) }, options)).toEqual({
      kind: 'none',
    });
    // allCores any: Case 5 for a job of four processes or more, 16/(1.43·4) − 1 = 1.7972 on 4 nodes;
    // Case 4 only where the plan refuses Case 5's longer run; nothing on 3 nodes.
    const any = preset('glts', { allCores: 'any' });
    expect(decideFirstJob(s, any)).toMatchObject({ kind: 'space', case: 5, ppn: 4, nodes: 4 });
    const refused = { ...s, startsAlone: (a: { case: 4 | 5 }) => a.case === 4 };
    expect(decideFirstJob(refused, any)).toMatchObject({ kind: 'space', case: 4, ppn: 2, nodes: 8 });
    expect(decideFirstJob({ ...s, context: contextWith(3, { '2>1': 1.3 }) }, any)).toEqual({ kind: 'none' });
  });
});

describe('backfilling (§4.4): Cases 1, 4 and 5 only', () => {
  it('does not match running jobs', () => {
    const s = situation({
      job: waiting(1, 8, 1000),
      waiting: [waiting(2, 8, 1000)],
      running: [running(9, 8, 200)],
    });
    expect(decideFirstJob(s, options)).toMatchObject({ kind: 'group' });
    expect(decideBackfill(s, options)).toEqual({ kind: 'none' });
  });

  it('forms Case 1 groups with other waiting jobs', () => {
    // 4 + 4 nodes, both 1000 s: (8000 + 8000 − 4000)/4000 = 3.
    const s = situation({
      job: waiting(1, 8, 1000),
      waiting: [waiting(2, 8, 1000)],
      context: contextWith(4),
    });
    expect(decideBackfill(s, options)).toMatchObject({ kind: 'group', case: 1, group: { gain: 3 } });
  });
});
