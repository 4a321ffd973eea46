import { idealProfile, lsfProfile, platformProfileSchema } from '@js/core';
import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { at, malleable, recorder, rigid } from './lsf.test-support.ts';
import { lsfMallAd } from './lsf-mall-ad.ts';
import { lsfMig } from './lsf-mig.ts';
import { lsfPreempt } from './lsf-preempt.ts';
import { lsfRtc } from './lsf-rtc.ts';

describe('lsf-rtc: hand-checked schedules', () => {
  it('scans FCFS and skips a job that does not fit', async () => {
    // 4 processors: J1 takes 3; J2 (2) does not fit and is skipped; J3 (1) starts at once.
    const run = await checkRun(lsfRtc, { nodes: 4 }, [
      rigid(1, 0, 3, 10),
      rigid(2, 0, 2, 5),
      rigid(3, 0, 1, 4),
    ]);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 10, 3), at(2, 10, 15, 2), at(3, 0, 4, 1)]);
  });

  it('scans by increasing service demand (SPT) when demand is known', async () => {
    const jobs = [rigid(1, 0, 2, 10), rigid(2, 0, 2, 5)];
    const fcfs = await checkRun(lsfRtc, { nodes: 2 }, jobs);
    expect(fcfs.schedule).toEqual([at(1, 0, 10, 2), at(2, 10, 15, 2)]);
    const spt = await checkRun(lsfRtc, { nodes: 2 }, jobs, { knowledge: { demand: true } });
    expect(spt.violations).toEqual([]);
    expect(spt.schedule).toEqual([at(1, 5, 15, 2), at(2, 0, 5, 2)]);
  });

  it('decides at most once per 5 s and pays the 30 s dispatch under lsf-now-97', async () => {
    // J2 arrives at 2, after the round at 0: it waits for the next round, at 5, and runs from
    // 5 + 30 (dispatch) for 10 s. Under the ideal profile it starts at 2 and ends at 12.
    const jobs = [rigid(1, 0, 2, 12), rigid(2, 2, 2, 10)];
    const lsf = await checkRun(lsfRtc, { nodes: 4 }, jobs, { profile: lsfProfile });
    expect(lsf.violations).toEqual([]);
    expect(lsf.schedule).toEqual([at(1, 0, 42, 2), at(2, 5, 45, 2)]);
    const ideal = await checkRun(lsfRtc, { nodes: 4 }, jobs, { profile: idealProfile });
    expect(ideal.schedule).toEqual([at(1, 0, 12, 2), at(2, 2, 12, 2)]);
  });
});

describe('lsf-preempt: hand-checked schedules', () => {
  it('preempts only after the running job has had its minimum run (60 s under lsf-now-97)', async () => {
    // 2 processors. J2 (same size) arrives at 10; quanta fall on multiples of 20, and those at
    // 20 and 40 find J1 younger than 60 s; at 60 it has run 60 s (120 processor-s acquired vs
    // J2's 0) and is suspended. J2 runs from 60 + 30 (dispatch) to 190; J1 resumes there on its
    // own processors (resume is a signal, free) with 1000 − 30 s left: it ends at 1160.
    const { log, observer } = recorder();
    const run = await checkRun(lsfPreempt, { nodes: 2 }, [rigid(1, 0, 2, 1000), rigid(2, 10, 2, 100)], {
      profile: lsfProfile,
      observers: [observer],
      options: { quantum: 20 },
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 1160, 2), at(2, 60, 190, 2)]);
    expect(log.filter(([, , op]) => op !== 'start')).toEqual([
      [60, 1, 'suspend', [0, 1]],
      [190, 1, 'resume', [0, 1]],
    ]);
  });

  it('applies the 50 % acquired-time rule both ways', async () => {
    // Ideal profile, quantum 10. At 50 J2 (0 acquired) displaces J1 (100). J1, stopped with 100,
    // needs J2 to pass 200: J2 has 2·(t − 50), so not at 150 (equal) but at 160. J1 then runs its
    // last 50 s to 210; J2 resumes with 90 s left and ends at 300.
    const { log, observer } = recorder();
    const run = await checkRun(lsfPreempt, { nodes: 2 }, [rigid(1, 0, 2, 100), rigid(2, 50, 2, 200)], {
      observers: [observer],
      options: { quantum: 10 },
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 210, 2), at(2, 50, 300, 2)]);
    expect(
      log.filter(([, , op]) => op === 'suspend' || op === 'resume').map(([t, id, op]) => [t, id, op]),
    ).toEqual([
      [50, 1, 'suspend'],
      [160, 2, 'suspend'],
      [160, 1, 'resume'],
      [210, 2, 'resume'],
    ]);
  });

  it('keeps to the multiprogramming limit', async () => {
    // 2 processors holding at most 2 resident jobs. J2 displaces J1 at 10; from then on J1 and
    // J2 fill every processor's 2 places, so J3 cannot displace anyone until one of them leaves.
    const run = await checkRun(
      lsfPreempt,
      { nodes: 2, multiprogrammingLimit: 2 },
      [rigid(1, 0, 2, 100), rigid(2, 10, 2, 100), rigid(3, 20, 2, 100)],
      { options: { quantum: 10 } },
    );
    expect(run.violations).toEqual([]);
    const j = (id: number) => run.schedule.find((s) => s.id === id)!;
    expect(j(2).start).toBe(10);
    expect(j(3).start).toBeGreaterThanOrEqual(Math.min(j(1).end, j(2).end));
  });
});

/** No costs, but a job must run 50 s before it may be migrated (the shape of lsf-now-97's 600 s). */
const minimumRun50 = platformProfileSchema.parse({ name: 'minimum-run-50', minRunBeforeReallocation: 50 });

describe('lsf-mig: hand-checked schedules', () => {
  it('restarts a checkpointed job on other processors of the same count', async () => {
    // Ideal profile, demand known, 4 processors. SPT puts J2 (demand 60) on 0–1, J1 (200) on
    // 2–3. At 10 remaining demands are J1 180, J2 40, J3 80: J1 is checkpointed and J3 takes
    // processors 2–3 until 50. J2 leaves at 30 and J1 restarts on processors 0–1 (still 2) with
    // 90 s left: it ends at 120.
    const { log, observer } = recorder();
    const run = await checkRun(
      lsfMig,
      { nodes: 4 },
      [rigid(1, 0, 2, 100), rigid(2, 0, 2, 30), rigid(3, 10, 2, 40)],
      {
        knowledge: { demand: true },
        observers: [observer],
      },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 120, 2), at(2, 0, 30, 2), at(3, 10, 50, 2)]);
    expect(log.filter(([, id]) => id === 1)).toEqual([
      [0, 1, 'start', [2, 3]],
      [10, 1, 'checkpoint', [2, 3]],
      [30, 1, 'restart', [0, 1]],
    ]);
  });

  it('without demand knowledge, a fresh job goes before a running one of age (least acquired first)', async () => {
    // Ideal profile (no minimum run), 2 processors, quantum 60 (quanta end at multiples of 60).
    // J1 runs from 0; J2 arrives at 10 with nothing acquired against J1's 20 processor-s: J1 is
    // checkpointed. At 60 J2 has 100 > 20: J1 restarts. At 120 J1 has 140 > 100: J2 restarts
    // with 50 s left and leaves at 170; J1 restarts with 2000 − 70 s left and ends at 2 100.
    // (Arrival order would keep J1 to 2 000 and J2 to 2 100.)
    const { log, observer } = recorder();
    const run = await checkRun(lsfMig, { nodes: 2 }, [rigid(1, 0, 2, 2000), rigid(2, 10, 2, 100)], {
      observers: [observer],
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 2100, 2), at(2, 10, 170, 2)]);
    expect(log.filter(([, id]) => id === 1).map(([t, , op]) => [t, op])).toEqual([
      [0, 'start'],
      [10, 'checkpoint'],
      [60, 'restart'],
      [120, 'checkpoint'],
      [170, 'restart'],
    ]);
  });

  it('orders by least acquired processing time (multilevel feedback), not by when a job was requeued', async () => {
    // 2 processors, jobs of 2, minimum run 50 s, no costs, quantum 10. Acquired = 2 × run time.
    //  50: J1 of age (100) — J2 (0) first: J1 checkpointed, J2 starts.
    // 100: J2 of age (100, 10 s left) — J3 (arrived 60, 0) first: J2 checkpointed, J3 starts.
    //      (Round robin would restart J1, requeued earlier than J3 arrived.)
    // 150: J3 of age; J1, J2, J3 all 100: submission order, J1 restarts (100 s left).
    // 200: J1 of age (200): J2 (100) restarts and leaves at 210; J3 (100) restarts at 210.
    // 260: J3 of age (200) ties J1 (200): J1 restarts, ends at 310; J3 restarts, ends at 360.
    const { log, observer } = recorder();
    const run = await checkRun(
      lsfMig,
      { nodes: 2 },
      [rigid(1, 0, 2, 150), rigid(2, 10, 2, 60), rigid(3, 60, 2, 150)],
      { profile: minimumRun50, observers: [observer], options: { quantum: 10 } },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 310, 2), at(2, 50, 210, 2), at(3, 100, 360, 2)]);
    expect(log.map(([t, id, op]) => [t, id, op])).toEqual([
      [0, 1, 'start'],
      [50, 1, 'checkpoint'],
      [50, 2, 'start'],
      [100, 2, 'checkpoint'],
      [100, 3, 'start'],
      [150, 3, 'checkpoint'],
      [150, 1, 'restart'],
      [200, 1, 'checkpoint'],
      [200, 2, 'restart'],
      [210, 3, 'restart'],
      [260, 3, 'checkpoint'],
      [260, 1, 'restart'],
      [310, 3, 'restart'],
    ]);
  });

  it('re-evaluates when a quantum expires: a running job that passes a waiting one is displaced', async () => {
    // 2 processors, jobs of 2, minimum run 50 s, no costs, quantum 40. J1 runs alone to 150
    // (300 processor-s); J2 arrives, J1 is checkpointed. J2 comes of age at 200 with 100 < 300
    // and keeps running; it passes J1's 300 at 300, with no arrival or departure: the quantum
    // expiring at 320 notices it (J2 340 > J1 300) and J1 restarts there.
    const { log, observer } = recorder();
    const run = await checkRun(lsfMig, { nodes: 2 }, [rigid(1, 0, 2, 400), rigid(2, 150, 2, 400)], {
      profile: minimumRun50,
      observers: [observer],
      options: { quantum: 40 },
    });
    expect(run.violations).toEqual([]);
    expect(log.slice(0, 5).map(([t, id, op]) => [t, id, op])).toEqual([
      [0, 1, 'start'],
      [150, 1, 'checkpoint'],
      [150, 2, 'start'],
      [320, 2, 'checkpoint'],
      [320, 1, 'restart'],
    ]);
  });

  it('displaces a wide job of age for a narrow one that acquired less, idle processors or not, and restarts it only when the others leave it room', async () => {
    // §5.1 read as written: jobs of age are re-selected by first fit in order of least acquired
    // processing time on their desired counts, so nothing keeps a wide job that has acquired much
    // running (the starvation of §6.2, "the scheduler must be capable of preempting a sufficient
    // number of running jobs to satisfy the stopped job's processor requirement"). 4 processors,
    // minimum run 50 s, no costs. J1 (4 wide) is of age at 60 with 240 processor-s when J2 (1
    // wide, 0) arrives: J2 goes first and J1, needing 4 of the 3 left, is checkpointed; 3
    // processors stay idle. J3 (1 wide) arrives at 100 while J2 is young and takes one more. J1
    // restarts only when J3 leaves at 200, with 1 000 − 60 s left: it ends at 1 140.
    const { log, observer } = recorder();
    const run = await checkRun(
      lsfMig,
      { nodes: 4 },
      [rigid(1, 0, 4, 1000), rigid(2, 60, 1, 100), rigid(3, 100, 1, 100)],
      { profile: minimumRun50, observers: [observer], options: { quantum: 10 } },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 1140, 4), at(2, 60, 160, 1), at(3, 100, 200, 1)]);
    expect(log.filter(([, id]) => id === 1).map(([t, , op]) => [t, op])).toEqual([
      [0, 'start'],
      [60, 'checkpoint'],
      [200, 'restart'],
    ]);
  });

  it('lets a job run its 600 s minimum before migrating it (lsf-now-97)', async () => {
    // J2 (demand 200) arrives at 10 while J1 (demand 2000) is young. At 600 J1 comes of age with
    // 800 left and is checkpointed; the 60 s checkpoint frees its processors at 660; J2 runs
    // from 660 + 30 to 790; J1 restarts at 790 with 1000 − 570 s left after its 30 s dispatch.
    const run = await checkRun(lsfMig, { nodes: 2 }, [rigid(1, 0, 2, 1000), rigid(2, 10, 2, 100)], {
      profile: lsfProfile,
      knowledge: { demand: true },
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 1250, 2), at(2, 660, 790, 2)]);
  });
});

describe('lsf-mall-ad: hand-checked schedules', () => {
  it('equalises the leftover processors among the jobs it fits', async () => {
    // 4 processors, linear speedup. J1 alone gets all 4 (8 s on 4 = 32 processor-s); at 2 J2
    // arrives: both fit on their minimum 1 and the leftover 2 equalise to 2 + 2. J2 (16) ends at
    // 10; J1 has 32 − 8 − 16 = 8 left, back on 4: ends at 12.
    const run = await checkRun(lsfMallAd, { nodes: 4 }, [malleable(1, 0, 1, 4, 8), malleable(2, 2, 1, 4, 4)]);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 12, 4), at(2, 2, 10, 2)]);
  });

  it('checkpoints a job whose minimum no longer fits and restarts it on another count', async () => {
    // Demand known. J1 (min 3, 160 processor-s) runs on 4. At 1 J2 (exactly 2, 20) and J3
    // (exactly 1, 30) come first by remaining demand; J1's minimum 3 no longer fits: checkpointed
    // with 156 left. J2 leaves at 11: J1 restarts on 3 (not 4), J3 keeps 1. J3 leaves at 31 with
    // J1 at 156 − 60 = 96: J1 grows to 4 and ends at 55.
    const { log, observer } = recorder();
    const run = await checkRun(
      lsfMallAd,
      { nodes: 4 },
      [malleable(1, 0, 3, 4, 40), malleable(2, 1, 2, 2, 10), malleable(3, 1, 1, 1, 30)],
      { knowledge: { demand: true }, observers: [observer] },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 55, 4), at(2, 1, 11, 2), at(3, 1, 31, 1)]);
    expect(log.filter(([, id]) => id === 1).map(([t, , op, ps]) => [t, op, ps.length])).toEqual([
      [0, 'start', 4],
      [1, 'checkpoint', 4],
      [11, 'restart', 3],
      [31, 'resize', 4],
    ]);
  });

  it('lets a malleated job run its minimum again before the next malleation', async () => {
    // Free operations, 600 s minimum run. J1 (min 1, 8000 processor-s) runs alone on 4. At 700
    // (of age) J2 (exactly 1, 100 s) arrives: J1 is shrunk to 3. J2 leaves at 800, but J1 has run
    // only 100 s since its malleation (a start on a new count in LSF, §4.2): it keeps 3, one
    // processor idle, until 1300, then grows to 4 with 8000 − 2800 − 1800 = 3400 left: ends at
    // 2150. (Counting from its first start only, it would grow at 800 and end at 2025.)
    const { log, observer } = recorder();
    const profile = { ...idealProfile, name: 'minimum-run', minRunBeforeReallocation: 600 };
    const run = await checkRun(
      lsfMallAd,
      { nodes: 4 },
      [malleable(1, 0, 1, 4, 2000), malleable(2, 700, 1, 1, 100)],
      { profile, observers: [observer] },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 2150, 4), at(2, 700, 800, 1)]);
    expect(log.filter(([, id]) => id === 1).map(([t, , op, ps]) => [t, op, ps.length])).toEqual([
      [0, 'start', 4],
      [700, 'resize', 3],
      [1300, 'resize', 4],
    ]);
  });
});
