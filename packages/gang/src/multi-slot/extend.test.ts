import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMatrix } from '../matrix/parse.ts';
import { matrixArb } from '../testing/arbitraries.ts';
import { checkGangInvariants } from '../testing/invariants.ts';
import { watchMatrix } from '../testing/reference-model.ts';
import { canExtendJob, extendJob } from './extend.ts';

describe('extendJob', () => {
  it('re-packs so the job’s processors are idle in one slot, then runs it there too', () => {
    // Processor 0 is idle only in slot 1, processor 1 only in slot 2: B moves down.
    const m = parseMatrix('A A C C\n. B B .\nD . . .');
    expect(canExtendJob(m, 'A')).toBe(true);
    expect(extendJob(m, 'A')).toBe(1);
    expect(m.toString()).toBe('A A C C\nA A . .\nD B B .');
    expect(m.job('A')!.slots).toEqual([0, 1]);
  });

  it('refuses when a processor of the job is busy in every slot, changing nothing', () => {
    const m = parseMatrix('A A C C\n. B B .');
    expect(canExtendJob(m, 'A')).toBe(false);
    expect(canExtendJob(m, 'nobody')).toBe(false);
    expect(() => extendJob(m, 'A')).toThrow(/NO_IDLE_FRAGMENT: job A cannot take an extra slot/);
    expect(() => extendJob(m, 'nobody')).toThrow(/UNKNOWN_JOB/);
    expect(m.toString()).toBe('A A C C\n. B B .');
  });

  it('extends exactly the jobs whose every processor is idle somewhere', () => {
    fc.assert(
      fc.property(matrixArb({ maxLog2: 4, maxOperations: 30 }), fc.nat(), (m, pick) => {
        const jobs = [...m.jobs()];
        if (jobs.length === 0) return;
        const job = jobs[pick % jobs.length]!;
        let possible = true;
        for (let p = job.start; p < job.start + job.width; p++) {
          let idle = false;
          for (let s = 0; s < m.slots; s++) idle ||= m.isIdle(s, p);
          possible &&= idle;
        }
        expect(canExtendJob(m, job.id)).toBe(possible);
        if (!possible) return;
        const slots = job.slots.length;
        const watcher = watchMatrix(m);
        const slot = extendJob(m, job.id);
        expect(m.job(job.id)!.slots.length).toBe(slots + 1);
        expect(m.job(job.id)!.slots.at(-1)).toBe(slot);
        expect(watcher.violations).toEqual([]);
        expect(checkGangInvariants(m)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
