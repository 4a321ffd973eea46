import { describe, expect, it } from 'vitest';
import { asMember } from './job.ts';
import { contextWith, machine, preset, waiting } from './matchmaking.test-support.ts';
import {
  allCoresCase,
  offersAllCores,
  partialCoresCase,
  spaceSharingGain,
  spaceSharingPpn,
  standardSpaceSharing,
} from './space-sharing.ts';
import { groupTimeline, utilisationGain } from './utilisation-gain.ts';

const options = preset();
const m = machine(100);

describe('utilisation gain (formula 6)', () => {
  it('follows the primary through the periods between matched jobs ending', () => {
    // Primary A: 8 processes at PPN 2 → 4 nodes, 1000 base s left. SL_{A,1} = 1.2, SL_{A,2} = 1.1.
    // Job 1: 4 processes (2 nodes), 500 s, SL_{1,A} = 1.25 → ends at 500·1.25 = 625.
    // Job 2: 4 processes (2 nodes), 2000 s, SL_{2,A} = 1.0 → would end at 2000.
    // Period 1 [0, 625): SL_1 = max(1.2, 1.1) = 1.2; A does 625/1.2 = 520.833 s of work.
    // Period 2: SL_2 = 1.1; A's last 479.167 s take 527.083 s → A ends at 1152.083; the group is
    // disbanded then (job 2 goes on alone).
    // Work: 625·(4/1.25 + 4/1 + 8/1.2) + 527.083·(4/1 + 8/1.1) = 8666.67 + 5941.67 = 14608.33
    //     (= A 8·1000 + job 1 4·500 + job 2 4·1152.083).
    // Held: 1152.083 s × 4 nodes = 4608.33. U_gain = (14608.33 − 4608.33) / 4608.33 = 2.16998.
    const ctx = contextWith(100, { '0>1': 1.2, '0>2': 1.1, '1>0': 1.25 });
    const a = asMember(waiting(0, 8, 1000), m, options);
    const j1 = asMember(waiting(1, 4, 500), m, options);
    const j2 = asMember(waiting(2, 4, 2000), m, options);
    const { gain, timeline } = utilisationGain(a, [j1, j2], ctx);
    expect(timeline.periods.map((p) => [p.start, p.end, p.running, p.primarySlowdown])).toEqual([
      [0, 625, [1, 2], 1.2],
      [625, expect.closeTo(1152.0833, 3), [2], 1.1],
    ]);
    expect(timeline.primaryEnd).toBeCloseTo(1152.0833, 3);
    expect([...timeline.matchedEnds]).toEqual([[1, 625]]);
    expect(gain).toBeCloseTo(10000 / 4608.3333, 5);
  });

  it('reduces to formula 5 for the three jobs of Fig. 5', () => {
    // Job 3 primary (8 processes, 4 nodes), Jobs 1 and 2 matched (4 processes, 2 nodes each), all
    // slowed by 1.25. Job 3: 100 s → ends at T_g = 125. Job 2: 80 s → ends at 100 (inside the group).
    // Job 1: 200 s → still runs at T_g, having done T_1 = 125/1.25 = 100 s. T_2 = 80, T_3 = 100.
    // (T_1·S_1 + T_2·S_2 + T_3·S_3 − T_g·S_3/2) / (T_g·S_3/2) = (400 + 320 + 800 − 500) / 500 = 2.04.
    const ctx = contextWith(100, { '3>1': 1.25, '3>2': 1.25, '1>3': 1.25, '2>3': 1.25 });
    const job3 = asMember(waiting(3, 8, 100), m, options);
    const job1 = asMember(waiting(1, 4, 200), m, options);
    const job2 = asMember(waiting(2, 4, 80), m, options);
    expect(utilisationGain(job3, [job1, job2], ctx).gain).toBeCloseTo(2.04, 10);
  });

  it('counts the self slowdown at the group PPN times SL_cos, and ends when all matched jobs end', () => {
    // A: 16 processes, SL_sno 1.05 → PPN 2, 8 nodes; SL_{A,B} = 1.05 · 1.0. B: 16 processes, 400 s,
    // SL_sno 1.1, SL_cos 1.1 → SL_{B,A} = 1.21, ends at 484 < A's 1050 → the group lasts 484 s.
    // Work: 16·484/1.21 + 16·484/1.05 = 6400 + 7375.24 = 13775.24; held 8·484 = 3872.
    // U_gain = 13775.24/3872 − 1 = 2.55766.
    const ctx = contextWith(100, { '2>1': 1.1 });
    const a = asMember(waiting(1, 16, 1000, { slSno: 1.05 }), m, options);
    const b = asMember(waiting(2, 16, 400, { slSno: 1.1 }), m, options);
    const { gain, timeline } = utilisationGain(a, [b], ctx);
    expect(timeline.duration).toBeCloseTo(484, 10);
    expect(timeline.primaryEnd).toBeUndefined();
    expect(timeline.primaryLeft).toBeCloseTo(1000 - 484 / 1.05, 8);
    expect(gain).toBeCloseTo((6400 + (16 * 484) / 1.05) / 3872 - 1, 10);
  });

  it('counts the matched jobs’ extra nodes (MATCHED_LARGER) as held', () => {
    // A 8 nodes, matched 5 + 4 = 9 nodes, no slowdown, all 1000 s: (16+10+8)·1000 / (9·1000) − 1.
    const ctx = contextWith(100);
    const a = asMember(waiting(0, 16, 1000), m, options);
    const g = utilisationGain(
      a,
      [asMember(waiting(1, 10, 1000), m, options), asMember(waiting(2, 8, 1000), m, options)],
      ctx,
    );
    expect(g.gain).toBeCloseTo(34 / 9 - 1, 10);
  });

  it('gives an empty group no gain', () => {
    const a = asMember(waiting(0, 16, 1000), m, options);
    expect(utilisationGain(a, [], contextWith(10)).gain).toBe(-Infinity);
    expect(groupTimeline(a, [], contextWith(10)).duration).toBe(0);
  });
});

describe('space sharing (formula 8, Cases 4 and 5)', () => {
  it('picks the PPN of formula 8', () => {
    expect(spaceSharingPpn(waiting(1, 16, 1, { slScr: 1.1, slSno: 1.05 }), m, options)).toBe(4); // 1.155 ≤ 1.25
    expect(spaceSharingPpn(waiting(1, 16, 1, { slScr: 1.3, slSno: 1.1 }), m, options)).toBe(2); // 1.43; 1.1 ≤ 1.12
    expect(spaceSharingPpn(waiting(1, 16, 1, { slScr: 1.3, slSno: 1.15 }), m, options)).toBe(1);
    expect(spaceSharingPpn(waiting(1, 1, 1), m, options)).toBe(1); // serial
  });

  it('rates a job alone as S / (SL_self · nodes) − 1', () => {
    const job = waiting(1, 16, 1000, { slScr: 1.1, slSno: 1.05 });
    // PPN 4: 16 / (1.1·1.05 · 4) − 1 = 2.46320; PPN 2: 16 / (1.05 · 8) − 1 = 0.90476; PPN 1: 0.
    expect(spaceSharingGain(job, 4, m)).toBeCloseTo(16 / 4.62 - 1, 10);
    expect(spaceSharingGain(job, 2, m)).toBeCloseTo(16 / 8.4 - 1, 10);
    expect(spaceSharingGain(job, 1, m)).toBe(0);
    expect(allCoresCase(job, m, options)).toMatchObject({ case: 5, ppn: 4, nodes: 4 });
    expect(partialCoresCase(job, m, options)).toMatchObject({ case: 4, ppn: 2, nodes: 8 });
  });

  it('offers Case 5 within MAX_SL only, or to jobs of four processes or more (allCores any), and nothing that does not fit', () => {
    const heavy = waiting(1, 16, 1000, { slScr: 1.3, slSno: 1.1 });
    expect(allCoresCase(heavy, m, options)).toBeUndefined();
    expect(partialCoresCase(heavy, machine(7), options)).toBeUndefined(); // needs 8 nodes
    expect(standardSpaceSharing(heavy, machine(8), options)).toMatchObject({ case: 4, ppn: 2 });
    // any: 16 / (1.43 · 4) − 1 = 1.7972 on 4 nodes.
    const any = preset('glts', { allCores: 'any' });
    const all = allCoresCase(heavy, m, any);
    expect(all).toMatchObject({ case: 5, ppn: 4, nodes: 4 });
    expect(all?.gain).toBeCloseTo(16 / 5.72 - 1, 10);
    expect(allCoresCase(heavy, machine(3), any)).toBeUndefined();
    // Fewer processes than a node has cores: no Case 5, Case 4 by its own rule (PPN 2 on 2 nodes);
    // a serial job none of this.
    const three = waiting(2, 3, 1000, { slScr: 1.3, slSno: 1.1 });
    expect(allCoresCase(three, m, any)).toBeUndefined();
    expect(partialCoresCase(three, m, any)).toMatchObject({ case: 4, ppn: 2, nodes: 2 });
    expect(allCoresCase(waiting(3, 1, 1000), m, any)).toBeUndefined();
    // Not where all cores would gain less than Case 4 (SL_scr > 2, beyond Table 4's draws):
    // 16 / (2.5·1.05·4) − 1 = 0.5238 < 16 / (1.05·8) − 1 = 0.9048.
    const contended = waiting(4, 16, 1000, { slScr: 2.5, slSno: 1.05 });
    expect(offersAllCores(contended, m, any)).toBe(false);
    expect(offersAllCores({ ...contended, slScr: 1.9 }, m, any)).toBe(true);
    expect(allCoresCase(contended, m, any)).toBeUndefined();
  });
});
