import { builtinProfiles, idealProfile, type Job } from '@js/core';
import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { dynEqui, reconfigurationProfile } from './dyn-equi.ts';

const malleable = (id: number, submit: number, runtimeOn4: number, maxSize = 4): Job => ({
  id,
  submit,
  size: Math.min(4, maxSize),
  minSize: 1,
  maxSize,
  runtime: runtimeOn4,
  estimate: runtimeOn4,
});

describe('dyn-equi: hand-checked schedules on 4 processors', () => {
  it('re-splits at an arrival and a departure (linear speedup)', async () => {
    // J1: 32 processor-seconds. Alone on 4 until 2 (8 done), then 2 + 2 with J2 (16): J2 ends
    // at 2 + 16/2 = 10; J1 has 32 − 8 − 16 = 8 left, on 4 processors: ends at 12.
    const run = await checkRun(dynEqui, { nodes: 4 }, [malleable(1, 0, 8), malleable(2, 2, 4)]);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      { id: 1, start: 0, end: 12, processors: 4 },
      { id: 2, start: 2, end: 10, processors: 2 },
    ]);
    expect(run.outcomes.find((o) => o.job.id === 1)).toMatchObject({ processorTime: 32, resizes: 2 });
  });

  it('honours p_max and gives the rest to the others', async () => {
    // J1 may use 1 processor (10 s of work on 1). J2 takes the other 3 (12 proc-s → 4 s).
    const j1: Job = { id: 1, submit: 0, size: 1, minSize: 1, maxSize: 1, runtime: 10, estimate: 10 };
    const run = await checkRun(dynEqui, { nodes: 4 }, [j1, malleable(2, 0, 3)]);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      { id: 1, start: 0, end: 10, processors: 1 },
      { id: 2, start: 0, end: 4, processors: 3 },
    ]);
  });

  it('uses the job’s execution-time function, not linear speedup, when it has one', async () => {
    // Amdahl with serial fraction 1/2: T(p) = 10·(1/2 + 1/(2p)); on 4 processors T = 6.25.
    const amdahl: Job = {
      ...malleable(1, 0, 6.25),
      executionTime: (p) => 10 * (0.5 + 0.5 / p),
    };
    const run = await checkRun(dynEqui, { nodes: 4 }, [amdahl]);
    expect(run.schedule).toEqual([{ id: 1, start: 0, end: 6.25, processors: 4 }]);
  });

  it('queues jobs when there are more jobs than processors', async () => {
    const jobs = [1, 2, 3].map((id) => malleable(id, 0, 4));
    const run = await checkRun(dynEqui, { nodes: 2 }, jobs);
    expect(run.violations).toEqual([]);
    // J1, J2 on 1 each (16 s); then J3 alone on 2 (8 s).
    expect(run.schedule.map((s) => [s.id, s.start, s.end])).toEqual([
      [1, 0, 16],
      [2, 0, 16],
      [3, 16, 24],
    ]);
  });
});

describe('dyn-equi: minimum runs', () => {
  it('a job short of its minimum run by a rounding residue only counts as run (no timer at now)', async () => {
    // Found by the registry properties: under lsf-now-97 (600 s minimum run) a job's time since
    // its resize came out a hair below 600 at 648.857…, so its "due" time rounded to now itself.
    const jobs: Job[] = [
      { id: 1, submit: 0, size: 11, minSize: 8, maxSize: 14, runtime: 24, estimate: 24 },
      { id: 2, submit: 0, size: 13, minSize: 12, maxSize: 14, runtime: 28, estimate: 28 },
      { id: 3, submit: 0, size: 14, minSize: 1, maxSize: 16, runtime: 41, estimate: 41 },
      { id: 4, submit: 0, size: 1, runtime: 1, estimate: 1 },
      { id: 5, submit: 0, size: 6, minSize: 2, maxSize: 10, runtime: 1, estimate: 1 },
    ];
    const machine = { nodes: 4, cpusPerNode: 2, coresPerCpu: 2, multiprogrammingLimit: 2 };
    const profile = builtinProfiles.find((p) => p.name === 'lsf-now-97')!;
    const run = await checkRun(dynEqui, machine, jobs, { profile });
    expect(run.violations).toEqual([]);
    expect(run.result.status).toBe('completed');
    expect(run.schedule).toHaveLength(5);
  });
});

describe('dyn-equi: reconfiguration cost', () => {
  const jobs = [malleable(1, 0, 8), malleable(2, 2, 4)];

  // As the first schedule, but J1 makes no progress for 2 s after each resize: 8 done by 2,
  // none until 4, 12 more on 2 by 10 (J2 ends as before), none until 12, the last 12 on 4 by 15.
  const charged = [
    { id: 1, start: 0, end: 15, processors: 4 },
    { id: 2, start: 2, end: 10, processors: 2 },
  ];

  it('charges each resize the cost: the option declares the platform, the engine charges it', async () => {
    const run = await checkRun(dynEqui, { nodes: 4 }, jobs, { options: { reconfigurationCost: 2 } });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual(charged);
  });

  it('is the same run as one on a profile that charges the cost', async () => {
    const run = await checkRun(dynEqui, { nodes: 4 }, jobs, {
      profile: reconfigurationProfile(idealProfile, 2),
    });
    expect(run.schedule).toEqual(charged);
  });

  it('costs nothing by default, as in the paper', async () => {
    const run = await checkRun(dynEqui, { nodes: 4 }, jobs);
    expect(run.schedule.map((s) => s.end)).toEqual([12, 10]);
  });
});
