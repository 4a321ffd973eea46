import { lsfProfile } from '@js/core';
import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { at, malleable, recorder, rigid } from './lsf.test-support.ts';
import { lsfPreemptAd } from './lsf-preempt-ad.ts';

/** A job that may run on 1..max processors, linear speedup, `runtimeOnMax` seconds on max. */
const adaptive = (id: number, submit: number, maxSize: number, runtimeOnMax: number) =>
  malleable(id, submit, 1, maxSize, runtimeOnMax);
const switches = (log: [number, number, string, readonly number[]][]) =>
  log.filter(([, , op]) => op === 'suspend' || op === 'resume').map(([t, id, op]) => [t, id, op]);

describe('lsf-preempt-ad: hand-checked schedules', () => {
  it('switches to the row holding the least acquired time, but never before the minimum run (lsf-now-97)', async () => {
    // 2 processors, quantum 60 (quanta end at multiples of 60). At 10 J2 arrives while J1 is
    // still in its 30 s dispatch: J1 must keep running, so the new row cannot hold J2. At 60 J1
    // (120 processor-s) is of age and J2 (0) is least: J1 suspended, J2 dispatched (running
    // 90–). At 120 J2 (120) ties with J1 (120): on a tie the earlier
    // row wins, the running one, so nothing changes. At 180 J2 has 240 > J1's 120:
    // back to J1's row (resume is free). At 240 both have 240, and the running row stays. At 300
    // J1 has 360 > 240: J2 resumes its last 10 s and leaves at 310, where J1 resumes with
    // 1000 − 150 s left: it ends at 1160.
    const { log, observer } = recorder();
    const run = await checkRun(lsfPreemptAd, { nodes: 2 }, [rigid(1, 0, 2, 1000), rigid(2, 10, 2, 100)], {
      profile: lsfProfile,
      observers: [observer],
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 1160, 2), at(2, 60, 310, 2)]);
    expect(switches(log)).toEqual([
      [60, 1, 'suspend'],
      [180, 2, 'suspend'],
      [180, 1, 'resume'],
      [300, 1, 'suspend'],
      [300, 2, 'resume'],
      [310, 1, 'resume'],
    ]);
  });

  it('builds the new row around the least-served job, keeps running jobs that fit it, equi-allocates the rest', async () => {
    // 4 processors, ideal profile, linear speedup. J1 and J2 (1..4) arrive at 0 and share the
    // machine 2 + 2. At 5 J3 arrives (0 acquired, J1 and J2 10 each): the new row takes J3 on its
    // minimum, then J1 (whose processors 0–1 are uncommitted there), not J2 (that would leave J3
    // nothing); the row's one free processor goes to J3, which runs on 2–3 from 5 to 15 while J2
    // is suspended. At 15 J2's row (J2 10, J1 30) is chosen and J2 resumes with 70 processor-s
    // left: J1 ends at 40, J2 at 50.
    const { log, observer } = recorder();
    const run = await checkRun(
      lsfPreemptAd,
      { nodes: 4 },
      [adaptive(1, 0, 4, 20), adaptive(2, 0, 4, 20), adaptive(3, 5, 4, 5)],
      { observers: [observer], options: { quantum: 1000 } },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 40, 2), at(2, 0, 50, 2), at(3, 5, 15, 2)]);
    expect(log.filter(([, id]) => id !== 1)).toEqual([
      [0, 2, 'start', [2, 3]],
      [5, 2, 'suspend', [2, 3]],
      [5, 3, 'start', [2, 3]],
      [15, 2, 'resume', [2, 3]],
    ]);
  });

  it('keeps to the multiprogramming limit', async () => {
    // 2 processors holding at most 2 resident jobs, ideal profile, quantum 10. J2 displaces J1 at
    // 10; J3 arriving at 20 finds every processor full (J1 suspended, J2 running) and cannot be
    // placed. J1 and J2 take turns by least acquired time (ties keep the running row) until J2
    // leaves at 190; J3 then takes the freed places at once (0 acquired against J1's 180), runs
    // its 50 s to 240, and J1 finishes its last 10 s at 250.
    const run = await checkRun(
      lsfPreemptAd,
      { nodes: 2, multiprogrammingLimit: 2 },
      [rigid(1, 0, 2, 100), rigid(2, 10, 2, 100), rigid(3, 20, 2, 50)],
      { options: { quantum: 10 } },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 250, 2), at(2, 10, 190, 2), at(3, 190, 240, 2)]);
  });

  it('with demand knowledge, chooses the row holding the least remaining demand', async () => {
    // 2 processors, ideal profile. J1 (demand 400) runs; J2 (demand 300) arrives at 10, when J1
    // has 380 left: J2 is least, J1 is suspended. J3 (demand 20) arrives at 20 and displaces J2
    // (280 left), running 20–30. At 30 J2's row (280) beats J1's (380): J2 ends at 170, J1 at 360.
    const run = await checkRun(
      lsfPreemptAd,
      { nodes: 2 },
      [rigid(1, 0, 2, 200), rigid(2, 10, 2, 150), rigid(3, 20, 2, 10)],
      { knowledge: { demand: true } },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 360, 2), at(2, 10, 170, 2), at(3, 20, 30, 2)]);
  });
});
