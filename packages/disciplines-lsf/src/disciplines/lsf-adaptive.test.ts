import { type Job, lsfProfile, type OperationEvent } from '@js/core';
import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { committedCount } from '../policy/adaptive-selection.ts';
import { at } from './lsf.test-support.ts';
import { lsfMallAdsubset } from './lsf-mall-adsubset.ts';
import { lsfMigAd } from './lsf-mig-ad.ts';
import { lsfMigAdsubset } from './lsf-mig-adsubset.ts';
import { lsfRtcAd } from './lsf-rtc-ad.ts';
import { lsfRtcAdsubset } from './lsf-rtc-adsubset.ts';

/** A job of `work` processor-seconds on [minSize, maxSize], linear speedup unless `executionTime` says. */
const adaptive = (
  id: number,
  submit: number,
  minSize: number,
  maxSize: number,
  work: number,
  executionTime?: (p: number) => number,
): Job => {
  const runtime = executionTime ? executionTime(maxSize) : work / maxSize;
  return { id, submit, size: maxSize, minSize, maxSize, runtime, estimate: runtime, executionTime };
};

function recorder() {
  const log: [number, number, string, number][] = [];
  return {
    log,
    observer: {
      operation: (e: OperationEvent) => log.push([e.time, e.job.id, e.operation, e.processors.length]),
    },
  };
}

// Mixed minimums on 10 processors: first fit takes J1–J3 (3 + 3 + 3), the subset step can fill exactly.
const subsetJobs = [
  adaptive(1, 0, 3, 10, 30),
  adaptive(2, 0, 3, 10, 30),
  adaptive(3, 0, 3, 10, 30),
  adaptive(4, 0, 5, 10, 50),
  adaptive(5, 0, 5, 10, 50),
  adaptive(6, 0, 2, 10, 20),
];

describe('ADSUBSET commitment N′ = ⌊N_ff · max(1 − L/(δ·N_ff), 0)⌋', () => {
  it('commits one job fewer per δ jobs in the system, never below none', () => {
    expect(committedCount(3, 6, 5)).toBe(1); // ⌊3 · (1 − 6/15)⌋ = ⌊1.8⌋
    expect(committedCount(2, 3, 5)).toBe(1); // ⌊2 · 0.7⌋ = ⌊1.4⌋
    expect(committedCount(1, 2, 5)).toBe(0); // ⌊0.6⌋
    expect(committedCount(10, 20, 5)).toBe(6); // ⌊10 · 0.6⌋
    expect(committedCount(4, 25, 5)).toBe(0); // 1 − 25/20 < 0
    expect(committedCount(0, 7, 5)).toBe(0); // nothing fits
    expect(committedCount(3, 6, 2)).toBe(0); // ⌊3 · (1 − 6/6)⌋: a smaller δ commits less
  });
});

describe('lsf-rtc-ad: hand-checked schedules', () => {
  it('fits minimums first come first served, then equalises the leftover (never above a maximum)', async () => {
    // 8 processors. Minimums J1 1, J2 1, J3 2 fit (4 left); J4 (min 5) does not and is skipped.
    // Leftover 4, each to the smallest allocation, ties to the earliest: J1 2 (its max), J2 2,
    // J2 3, J3 3. J1 20/2 ends at 10, J2 and J3 60/3 at 20. J4 starts at 20 on all 8 (min 5 +
    // 3 spread), 40/8 = 5 s.
    const run = await checkRun(lsfRtcAd, { nodes: 8 }, [
      adaptive(1, 0, 1, 2, 20),
      adaptive(2, 0, 1, 8, 60),
      adaptive(3, 0, 2, 8, 60),
      adaptive(4, 0, 5, 8, 40),
    ]);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 10, 2), at(2, 0, 20, 3), at(3, 0, 20, 3), at(4, 20, 25, 8)]);
  });

  it('with speedup knowledge gives each leftover processor to the job most efficient after it', async () => {
    // As above without J4, but J3 has poor speedup: T(p) = 60 (½ + ½/p), efficiency 2/(p + 1).
    // J1 and J2 are linear (efficiency 1 at any count), so every leftover goes to them: J1 to its
    // max 2, then J2 to 4; J3 stays on its minimum 2. J2 ends at 60/4 = 15, J3 at T(2) = 45.
    // Equalising instead gives J2 and J3 3 each (J3 then takes T(3) = 40).
    const poor = (p: number) => 60 * (0.5 + 0.5 / p);
    const jobs = [adaptive(1, 0, 1, 2, 20), adaptive(2, 0, 1, 8, 60), adaptive(3, 0, 2, 8, 60, poor)];
    const efficient = await checkRun(lsfRtcAd, { nodes: 8 }, jobs, { knowledge: { speedup: true } });
    expect(efficient.violations).toEqual([]);
    expect(efficient.schedule).toEqual([at(1, 0, 10, 2), at(2, 0, 15, 4), at(3, 0, 45, 2)]);
    const equal = await checkRun(lsfRtcAd, { nodes: 8 }, jobs);
    expect(equal.schedule).toEqual([at(1, 0, 10, 2), at(2, 0, 20, 3), at(3, 0, 40, 3)]);
  });
});

describe('lsf-rtc-adsubset: hand-checked schedules', () => {
  it('commits N′ of first fit and fills the rest by subset-sum, spreading the surplus', async () => {
    // 10 processors, minimums 3 3 3 5 5 2. At 0: L = 6, first fit takes J1 J2 J3 (N_ff = 3), so
    // N′ = ⌊3 · (1 − 6/15)⌋ = 1: J1 is committed (3). Leftover 7 over J2 J3 J4 J5 J6: J4 + J6 =
    // 5 + 2 leaves no surplus (the earliest such subset). All three end at 10.
    // At 10: L = 3, first fit J2 J3 (N_ff = 2), N′ = ⌊2 · 0.7⌋ = 1: J2 (3); leftover 7 over J3 (3),
    // J5 (5): J5 leaves the least surplus, 2, which equalises onto J2: J2 5 (30/5 → 16), J5 5 (→ 20).
    // At 16: L = 2, N_ff = 1, N′ = ⌊0.6⌋ = 0; the subset is J3 (3), surplus 2 → J3 5, ends at 22.
    const run = await checkRun(lsfRtcAdsubset, { nodes: 10 }, subsetJobs);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 3),
      at(2, 10, 16, 5),
      at(3, 16, 22, 5),
      at(4, 0, 10, 5),
      at(5, 10, 20, 5),
      at(6, 0, 10, 2),
    ]);
  });

  it('differs from lsf-rtc-ad, which commits to all of first fit', async () => {
    // AD at 0: J1 J2 J3 on their minimums 3 and the one leftover to J1 (4, 30/4 = 7.5 s).
    const run = await checkRun(lsfRtcAd, { nodes: 10 }, subsetJobs);
    expect(run.violations).toEqual([]);
    expect(run.schedule.slice(0, 3)).toEqual([at(1, 0, 7.5, 4), at(2, 0, 10, 3), at(3, 0, 10, 3)]);
  });

  it('takes δ as an option: with δ = 1 000 000 it commits all but one of first fit', async () => {
    // N′ = ⌊3 · (1 − 6/3 000 000)⌋ = 2: J1 J2 committed (6); leftover 4 over J3 J4 J5 J6: J3 (3)
    // leaves 1, J6 (2) leaves 2, so J3; the 1 surplus goes to J1 (4).
    const run = await checkRun(lsfRtcAdsubset, { nodes: 10 }, subsetJobs, { options: { delta: 1e6 } });
    expect(run.violations).toEqual([]);
    expect(run.schedule.slice(0, 3)).toEqual([at(1, 0, 7.5, 4), at(2, 0, 10, 3), at(3, 0, 10, 3)]);
  });
});

describe('lsf-mig-ad: hand-checked schedules', () => {
  it('restarts a migrated job on the count it first ran on', async () => {
    // Ideal profile, demand known, 4 processors. J1 (min 1, 400 processor-s) starts alone on
    // 1 + 3 leftover = 4. At 10 J2 (exactly 2, 40) comes first by remaining demand (J1: 400 − 40);
    // J1 has run, so it is fitted with its 4, which no longer fit: checkpointed (not shrunk to 2).
    // J2 runs 10–30; then J1 restarts on 4 with 360 left: 90 s, ends at 120.
    const { log, observer } = recorder();
    const run = await checkRun(
      lsfMigAd,
      { nodes: 4 },
      [adaptive(1, 0, 1, 4, 400), adaptive(2, 10, 2, 2, 40)],
      {
        knowledge: { demand: true },
        observers: [observer],
      },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 120, 4), at(2, 10, 30, 2)]);
    expect(log.filter(([, id]) => id === 1)).toEqual([
      [0, 1, 'start', 4],
      [10, 1, 'checkpoint', 4],
      [30, 1, 'restart', 4],
    ]);
  });

  it('with demand knowledge alone, a poor-speedup job whose processor time has reached its demand holds its processors', async () => {
    // Why demand knowledge alone can make LSF-MIG-AD worse (seed 000 §5: remaining time "will only
    // be accurate if speedup information is available"). Ideal profile, 4 processors. J1 (min 1,
    // max 4, poor speedup T(p) = 400 (½ + ½/p): demand T(1) = 400, T(4) = 250) starts alone on 4.
    // By t = 100 it has acquired 4 · 100 = 400 processor-seconds, its whole demand, though only
    // 40 % done. J2 (exactly 2, 40) arrives at 150.
    // - Demand alone: J1's remaining demand reads 400 − 600 → 0, below J2's 40; J1 is fitted first
    //   on its 4 and keeps running to 250; J2 waits 100 s and runs 250–270.
    // - Both: J1's remaining is 400 · (1 − 150/250) = 160, J2 goes first; J1 (4) no longer fits
    //   and is checkpointed; J2 runs 150–170; J1 restarts on 4 with 100 s left, ends at 270.
    const poor = (p: number) => 400 * (0.5 + 0.5 / p);
    const jobs = [adaptive(1, 0, 1, 4, 400, poor), adaptive(2, 150, 2, 2, 40)];
    const demandOnly = await checkRun(lsfMigAd, { nodes: 4 }, jobs, { knowledge: { demand: true } });
    expect(demandOnly.violations).toEqual([]);
    expect(demandOnly.schedule).toEqual([at(1, 0, 250, 4), at(2, 250, 270, 2)]);
    const both = await checkRun(lsfMigAd, { nodes: 4 }, jobs, { knowledge: { demand: true, speedup: true } });
    expect(both.violations).toEqual([]);
    expect(both.schedule).toEqual([at(1, 0, 270, 4), at(2, 150, 170, 2)]);
  });

  it('lets a job run its 600 s minimum before migrating it (lsf-now-97)', async () => {
    // J1 (min 1, 2000 processor-s) starts alone on 2 at 0 (30 s dispatch). J2 (exactly 2, 200)
    // arrives at 10 and waits: J1 is younger than 600 s. At 600 J1 (800 left by acquired time)
    // is checkpointed for 60 s; J2 runs from 660 + 30 to 790; J1 restarts on 2 with
    // 1000 − 570 s left after its dispatch: ends at 790 + 30 + 430 = 1250.
    const run = await checkRun(
      lsfMigAd,
      { nodes: 2 },
      [adaptive(1, 0, 1, 2, 2000), adaptive(2, 10, 2, 2, 200)],
      { profile: lsfProfile, knowledge: { demand: true } },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 1250, 2), at(2, 660, 790, 2)]);
  });
});

describe('lsf-mig-adsubset: hand-checked schedules', () => {
  it('fits a running job with its own count in the subset step and spreads only over fresh jobs', async () => {
    // As lsf-rtc-adsubset up to 16 (nothing to migrate). At 16: pool J3 (fresh, 3) and J5
    // (running, fitted with its 5); L = 2, N_ff = 2, N′ = ⌊2 · 0.8⌋ = 1: J3 committed; the subset
    // takes J5 (5), surplus 2 goes to J3 only (J5 keeps 5): J3 5, ends at 22; J5 ends at 20.
    const run = await checkRun(lsfMigAdsubset, { nodes: 10 }, subsetJobs);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 3),
      at(2, 10, 16, 5),
      at(3, 16, 22, 5),
      at(4, 0, 10, 5),
      at(5, 10, 20, 5),
      at(6, 0, 10, 2),
    ]);
  });
});

describe('lsf-mall-adsubset: hand-checked schedules', () => {
  it('re-selects running jobs by subset-sum and grows them onto freed processors', async () => {
    // As lsf-mig-adsubset up to 20 (at 16 J5, of age under the ideal profile, is refitted on its
    // minimum 5 and keeps 5). At 20 J5 leaves: L = 1, N′ = ⌊0.8⌋ = 0, the subset is J3 alone,
    // surplus 7 → J3 grows to 10 with 30 − 4·5 = 10 processor-s left: ends at 21. (lsf-mig-adsubset
    // would keep J3 on 5 to 22.)
    const { log, observer } = recorder();
    const run = await checkRun(lsfMallAdsubset, { nodes: 10 }, subsetJobs, { observers: [observer] });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 3),
      at(2, 10, 16, 5),
      at(3, 16, 21, 5), // a schedule names the count a job started on
      at(4, 0, 10, 5),
      at(5, 10, 20, 5),
      at(6, 0, 10, 2),
    ]);
    expect(log.filter(([, id]) => id === 3)).toEqual([
      [16, 3, 'start', 5],
      [20, 3, 'resize', 10],
    ]);
  });
});
