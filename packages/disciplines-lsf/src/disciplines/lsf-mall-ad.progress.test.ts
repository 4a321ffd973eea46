import type { JobView } from '@js/core';
import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { remainingDemand } from '../policy/service-order.ts';
import { at, malleable, recorder } from './lsf.test-support.ts';
import { lsfMallAd } from './lsf-mall-ad.ts';

describe('remaining demand: work less the work done, as the run reveals it', () => {
  const view = (fields: Partial<JobView>) => fields as JobView;

  it('with both kinds of knowledge, the work not yet done; with demand alone, less acquired processor time', () => {
    expect(remainingDemand(view({ work: 400, progress: 0.25, acquired: 999, runTime: 999 }))).toBe(300);
    expect(remainingDemand(view({ work: 400, progress: undefined, acquired: 100 }))).toBe(300);
    expect(remainingDemand(view({ work: 400, progress: undefined, acquired: 500 }))).toBe(0);
    expect(remainingDemand(view({ work: undefined, progress: undefined, acquired: 100 }))).toBeUndefined();
  });
});

describe('lsf-mall-ad: a resized job is ordered by the work it has left', () => {
  // Ideal profile, 4 processors, linear speedup, quantum 60 s. J1 (min 1, 400 processor-s) runs
  // alone on 4. At 20 J2 (exactly 3, 150) comes first (150 < J1's 400 − 80 = 320): J1 is shrunk
  // to 1, J2 starts on 3 and ends at 70. At 40 J3 (exactly 1, 270) arrives; J1 has done
  // 80 + 20 = 100 and has 300 left, so J3 (270) goes before it, and with J2 on 3 only one of them
  // fits: J1 is checkpointed, J3 runs 40–310. At 70 J2 leaves: J1 restarts on its minimum 1 plus
  // the leftover 2 (J3 cannot grow), 300 on 3: ends at 170.
  // Run time over the execution time on the count J1 last started on (4, 100 s) read it as
  // 400 · 40/100 = 160 done, 240 left, before J3: J3 waited until 70 and ended at 340, J1 grew
  // from 1 to 3 at 70 with 270 left and ended at 160.
  const jobs = [malleable(1, 0, 1, 4, 100), malleable(2, 20, 3, 3, 50), malleable(3, 40, 1, 1, 270)];

  it('with demand and speedup knowledge: the resized job is checkpointed for the shorter one', async () => {
    const { log, observer } = recorder();
    const run = await checkRun(lsfMallAd, { nodes: 4 }, jobs, {
      knowledge: { demand: true, speedup: true },
      observers: [observer],
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 170, 4), at(2, 20, 70, 3), at(3, 40, 310, 1)]);
    expect(log.filter(([, id]) => id === 1).map(([t, , op, ps]) => [t, op, ps.length])).toEqual([
      [0, 'start', 4],
      [20, 'resize', 1],
      [40, 'checkpoint', 1],
      [70, 'restart', 3],
    ]);
  });

  it('with demand alone the same schedule: under linear speedup acquired processor time is the work done', async () => {
    const run = await checkRun(lsfMallAd, { nodes: 4 }, jobs, { knowledge: { demand: true } });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 170, 4), at(2, 20, 70, 3), at(3, 40, 310, 1)]);
  });
});
