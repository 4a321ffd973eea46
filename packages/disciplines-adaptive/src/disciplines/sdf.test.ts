import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { knowsT, sevcikJob } from './adaptive.test-support.ts';
import { sdf } from './sdf.ts';
import { sdfMax } from './sdf-max.ts';

describe('SDF: hand-checked schedules', () => {
  // 4 processors. J1 (T(1) = 40) holds all 4 until 10. J2–J5 (p_max 2) wait, demands 8, 8, 8, 4:
  // J5 goes first, then the equal demands in arrival order.
  const jobs = [
    sevcikJob(1, 0, 40, 4),
    sevcikJob(2, 1, 8, 2),
    sevcikJob(3, 1, 8, 2),
    sevcikJob(4, 1.5, 8, 2),
    sevcikJob(5, 2, 4, 2),
  ];

  it('orders the queue by T(1), ties by arrival; each job gets min(p_max, idle)', async () => {
    const run = await checkRun(sdf, { nodes: 4 }, jobs, knowsT);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      { id: 1, start: 0, end: 10, processors: 4 },
      { id: 2, start: 10, end: 14, processors: 2 },
      { id: 3, start: 12, end: 16, processors: 2 },
      { id: 4, start: 14, end: 18, processors: 2 },
      { id: 5, start: 10, end: 12, processors: 2 },
    ]);
  });

  it('without demand knowledge the queue is FIFO', async () => {
    const run = await checkRun(sdf, { nodes: 4 }, jobs, { knowledge: { speedup: true } });
    expect(run.schedule.map((s) => [s.id, s.start])).toEqual([
      [1, 0],
      [2, 10],
      [3, 10],
      [4, 14],
      [5, 14],
    ]);
  });

  it('the last job activated takes the processors left', async () => {
    // 8 processors: J1 (p_max 4) gets 4; J2 (p_max 8) the 4 left; J3 waits, then takes the 4
    // J1 releases (not all 8 it could use).
    const run = await checkRun(
      sdf,
      { nodes: 8 },
      [sevcikJob(1, 0, 4, 4), sevcikJob(2, 0, 8, 8), sevcikJob(3, 0, 16, 8)],
      knowsT,
    );
    expect(run.schedule).toEqual([
      { id: 1, start: 0, end: 1, processors: 4 },
      { id: 2, start: 0, end: 2, processors: 4 },
      { id: 3, start: 1, end: 5, processors: 4 },
    ]);
  });
});

describe('SDF-Max: a fixed allocation limit', () => {
  // 8 processors, five jobs of p_max 8 at once, demands 2, 4, 6, 8, 10 (linear speedup).
  const five = [1, 2, 3, 4, 5].map((k) => sevcikJob(k, 0, 2 * k, 8));
  const run = (cap?: number) =>
    checkRun(sdfMax, { nodes: 8 }, five, { ...knowsT, options: cap === undefined ? {} : { cap } });

  it('cap 2: four jobs on 2, the fifth on the first 2 released', async () => {
    const r = await run(2);
    expect(r.violations).toEqual([]);
    expect(r.schedule).toEqual([
      { id: 1, start: 0, end: 1, processors: 2 },
      { id: 2, start: 0, end: 2, processors: 2 },
      { id: 3, start: 0, end: 3, processors: 2 },
      { id: 4, start: 0, end: 4, processors: 2 },
      { id: 5, start: 1, end: 6, processors: 2 },
    ]);
  });

  it('cap 6: the first on 6, the next takes the 2 left', async () => {
    // J1 ends at 2/6; J3 takes its 6 until 2/6 + 1; J4 those 6 from 4/3; J5 J2's 2 from 2.
    const r = await run(6);
    expect(r.schedule.map((s) => [s.id, s.start, s.processors])).toEqual([
      [1, 0, 6],
      [2, 0, 2],
      [3, 1 / 3, 6],
      [4, 4 / 3, 6],
      [5, 2, 2],
    ]);
  });

  it('cap 1 by default: one processor each, however many are free', async () => {
    const r = await run();
    expect(r.schedule.every((s) => s.processors === 1)).toBe(true);
    expect(r.schedule.map((s) => s.end)).toEqual([2, 4, 6, 8, 10]);
  });

  it('rejects a cap that is not a positive whole number', async () => {
    await expect(run(0)).rejects.toThrow(/cap/);
    await expect(run(1.5)).rejects.toThrow(/cap/);
  });
});
