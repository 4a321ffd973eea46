import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { sevcikJob } from './adaptive.test-support.ts';
import { aep } from './aep.ts';
import { ap1 } from './ap1.ts';
import { asp } from './asp.ts';

// One machine of 8 processors, linear speedup (T(p) = W/p). J1 arrives alone at 0 and takes its
// p_max of 4 until 20 under every rule (target 8 / 1 job). At 1, J2–J4 (W = 12, p_max 8) find 4
// processors free: 3 waiting jobs, 4 in the system.
const jobs = [sevcikJob(1, 0, 80, 4), sevcikJob(2, 1, 12, 8), sevcikJob(3, 1, 12, 8), sevcikJob(4, 1, 12, 8)];

describe('the adaptive rules: hand-checked schedules on 8 processors', () => {
  it('ASP splits the free processors as equally as possible among all waiting jobs', async () => {
    // 4 free among 3 waiting: 2, 1, 1.
    const run = await checkRun(asp, { nodes: 8 }, jobs);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      { id: 1, start: 0, end: 20, processors: 4 },
      { id: 2, start: 1, end: 7, processors: 2 },
      { id: 3, start: 1, end: 13, processors: 1 },
      { id: 4, start: 1, end: 13, processors: 1 },
    ]);
  });

  it('AP1 targets P / waiting, and the last job activated takes the rest', async () => {
    // Target ⌈8 / 3⌉ = 3: J2 gets 3, J3 the 1 left (fewer than the target), J4 waits. At 5 J2
    // ends: J4 alone in the queue, target 8, gets the 3 free (8 / 2 = 4 s of work: ends at 9).
    const run = await checkRun(ap1, { nodes: 8 }, jobs);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      { id: 1, start: 0, end: 20, processors: 4 },
      { id: 2, start: 1, end: 5, processors: 3 },
      { id: 3, start: 1, end: 13, processors: 1 },
      { id: 4, start: 5, end: 9, processors: 3 },
    ]);
  });

  it('AEP targets P / jobs in the system, waiting and running', async () => {
    // Target 8 / 4 = 2: J2 and J3 get 2 each, J4 waits. At 7 both end: J4 and J1 in the system,
    // target 4, J4 gets 4 (3 s).
    const run = await checkRun(aep, { nodes: 8 }, jobs);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      { id: 1, start: 0, end: 20, processors: 4 },
      { id: 2, start: 1, end: 7, processors: 2 },
      { id: 3, start: 1, end: 7, processors: 2 },
      { id: 4, start: 7, end: 10, processors: 4 },
    ]);
  });

  it('AEP leaves processors idle rather than exceed its target; ASP and AP1 give min(p_max, free)', async () => {
    // J1 (p_max 2) runs alone on 2; J2 arrives to 6 free processors with 2 jobs in the system.
    const pair = [sevcikJob(1, 0, 40, 2), sevcikJob(2, 1, 24, 8)];
    const sizes = async (d: typeof asp) =>
      (await checkRun(d, { nodes: 8 }, pair)).schedule.map((s) => s.processors);
    expect(await sizes(aep)).toEqual([2, 4]);
    expect(await sizes(ap1)).toEqual([2, 6]);
    expect(await sizes(asp)).toEqual([2, 6]);
  });

  it('the queue waits behind a head whose memory does not fit (FIFO, no overtaking)', async () => {
    // 8 processors, 10 GB. J1 holds 6 GB until 10; J2 needs 6 GB and waits; J3 (1 GB) arrives
    // later and must not overtake it, though processors and memory are free for it.
    const memory = (job: ReturnType<typeof sevcikJob>, gb: number) => ({ ...job, resources: { memory: gb } });
    const run = await checkRun(asp, { nodes: 8, resources: [{ name: 'memory', capacity: 10 }] }, [
      memory(sevcikJob(1, 0, 20, 2), 6),
      memory(sevcikJob(2, 1, 8, 4), 6),
      memory(sevcikJob(3, 2, 8, 4), 1),
    ]);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      { id: 1, start: 0, end: 10, processors: 2 },
      { id: 2, start: 10, end: 12, processors: 4 },
      { id: 3, start: 10, end: 12, processors: 4 },
    ]);
  });
});
