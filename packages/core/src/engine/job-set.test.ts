import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JobSet } from './job-set.ts';
import type { SimJob } from './sim-job.ts';

/** Just what a JobSet touches of a job: its arrival order, its place, its view. */
const fakeJob = (arrival: number) =>
  ({ arrival, stateIndex: -1, listedBuild: 0, view: { arrival } }) as unknown as SimJob;

describe('JobSet', () => {
  it('lists exactly its jobs, in arrival order, however they came, left and came back', () => {
    // Jobs move among three sets (as between running, suspended and checkpointed); a read of a
    // set's list comes now and then, or rarely, so the incremental rebuild and the overrun path
    // (a set nobody reads) both occur.
    const step = fc.record({
      job: fc.nat({ max: 11 }),
      to: fc.integer({ min: -1, max: 2 }),
      read: fc.integer({ min: 0, max: 2 }),
      chance: fc.nat({ max: 39 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), fc.boolean(), (steps, rarely) => {
        const sets = [new JobSet(), new JobSet(), new JobSet()];
        // Arrival orders are a shuffle of the job numbers: arrival is not the order of creation.
        const jobs = Array.from({ length: 12 }, (_, i) => fakeJob((i * 7) % 12));
        const where = new Array<number>(12).fill(-1);
        for (const s of steps) {
          const job = jobs[s.job]!;
          if (where[s.job]! >= 0) sets[where[s.job]!]!.delete(job);
          if (s.to >= 0) sets[s.to]!.add(job);
          where[s.job] = s.to;
          if (rarely && s.chance > 0) continue;
          const members = jobs.filter((_, i) => where[i] === s.read).map((j) => j.arrival);
          const listed = sets[s.read]!.views().map((v) => v.arrival);
          expect(listed).toEqual(members.sort((a, b) => a - b));
          expect(sets[s.read]!.size).toBe(members.length);
        }
        for (let k = 0; k < 3; k++) {
          const members = jobs.filter((_, i) => where[i] === k).map((j) => j.arrival);
          expect(sets[k]!.views().map((v) => v.arrival)).toEqual(members.sort((a, b) => a - b));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('hands out the same frozen list until its jobs change', () => {
    const set = new JobSet();
    const a = fakeJob(2);
    const b = fakeJob(1);
    set.add(a);
    set.add(b);
    const first = set.views();
    expect(first.map((v) => v.arrival)).toEqual([1, 2]);
    expect(Object.isFrozen(first)).toBe(true);
    expect(set.views()).toBe(first);
    set.delete(b);
    expect(set.views().map((v) => v.arrival)).toEqual([2]);
    expect(first.map((v) => v.arrival)).toEqual([1, 2]);
  });

  it('sorts afresh after more comings and goings than it keeps track of', () => {
    // Nobody reads the set while jobs pass through it many times; then the list is still right.
    const set = new JobSet();
    const jobs = [5, 3, 9, 1, 7].map(fakeJob);
    for (let round = 0; round < 40; round++) {
      for (const job of jobs) set.add(job);
      if (round < 39) for (const job of jobs) set.delete(job);
    }
    set.delete(jobs[2]!);
    expect(set.views().map((v) => v.arrival)).toEqual([1, 3, 5, 7]);
  });
});
