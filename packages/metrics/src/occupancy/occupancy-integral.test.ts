import type { OccupancySample } from '@js/core';
import { describe, expect, it } from 'vitest';
import { OccupancyIntegral } from './occupancy-integral.ts';

const at = (
  now: number,
  busyProcessors: number,
  queued: number,
  running: number,
  memory = 0,
): OccupancySample => ({
  now,
  busyProcessors,
  resourcesInUse: [memory],
  partitions: [],
  queued,
  running,
  preempted: 0,
});

describe('OccupancyIntegral', () => {
  it('holds each level until the next sample', () => {
    const o = new OccupancyIntegral(1);
    o.open(0);
    o.record(at(0, 2, 0, 1, 40));
    o.record(at(4, 3, 1, 2, 50));
    o.record(at(10, 0, 0, 0, 0));
    // busy: 2·4 + 3·6 = 26 over 10 s; queue: 1·6; running: 1·4 + 2·6; memory: 40·4 + 50·6.
    expect(o.means(10)).toEqual({
      start: 0,
      end: 10,
      busyProcessors: 2.6,
      queueLength: 0.6,
      runningJobs: 1.6,
      resourcesInUse: [46],
    });
  });

  it('integrates the last level up to the requested end', () => {
    const o = new OccupancyIntegral(0);
    o.open(0);
    o.record(at(0, 1, 3, 1));
    expect(o.means(4)).toMatchObject({ busyProcessors: 1, queueLength: 3 });
  });

  it('counts nothing before the period opens, and carries the current level into it', () => {
    const o = new OccupancyIntegral(0);
    o.record(at(0, 8, 8, 8));
    o.record(at(5, 2, 0, 1));
    o.open(7);
    o.record(at(9, 4, 0, 2));
    // [7, 9): level 2, [9, 11): level 4.
    expect(o.means(11)).toMatchObject({ start: 7, end: 11, busyProcessors: 3, runningJobs: 1.5 });
  });

  it('can end the period at the last mark', () => {
    const o = new OccupancyIntegral(0);
    o.open(0);
    o.record(at(0, 1, 0, 1));
    o.mark(6);
    o.record(at(6, 0, 0, 0));
    o.record(at(8, 1, 0, 1));
    o.mark(9);
    o.record(at(9, 5, 5, 5));
    o.record(at(20, 0, 0, 0));
    // Up to 9: busy on [0, 6) and [8, 9).
    expect(o.means('mark')).toMatchObject({ start: 0, end: 9, busyProcessors: 7 / 9 });
    expect(o.markedAt).toBe(9);
  });

  it('gives zero means for a period that never opened or has no length', () => {
    const never = new OccupancyIntegral(1);
    never.record(at(0, 3, 3, 3, 3));
    expect(never.means(10)).toMatchObject({ busyProcessors: 0, queueLength: 0, resourcesInUse: [0] });
    const instant = new OccupancyIntegral(0);
    instant.open(5);
    instant.record(at(5, 3, 3, 3));
    expect(instant.means(5)).toMatchObject({ start: 5, end: 5, busyProcessors: 0 });
  });
});
