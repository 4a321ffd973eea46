import { builtinProfiles, type Job, type OperationEvent, type ReleaseEvent, type SlotEvent } from '@js/core';
import { arbScenario, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { watched } from './gang.test-support.ts';
import { brmmsScheme, brScheme } from './index.ts';

const show = (s: { machine: unknown; jobs: Job[] }, profile: string) =>
  `profile ${profile}, machine ${JSON.stringify(s.machine)}\n${s.jobs.map((j) => JSON.stringify(j)).join('\n')}`;

/**
 * The slot a gang discipline's switches name is the matrix row that runs: after every round with
 * a running slot, the last slot named is that row; and with switches that cost nothing (no minimum run holding a job over), every job running is
 * one of that row's.
 */
describe.each([
  ['br', brScheme],
  ['brmms', brmmsScheme],
])('%s: switches name the running row of the matrix', (name, scheme) => {
  it('on random workloads under the zero-cost profiles', async () => {
    const free = builtinProfiles.filter(
      (p) => p.suspend === 0 && p.resume === 0 && p.minRunBeforeSuspend === 0,
    );
    expect(free.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(
        arbScenario({ maxProcessors: 16, multiprogramming: true }, { maxJobs: 20 }),
        fc.constantFrom(...free),
        async (s, profile) => {
          let named: SlotEvent | undefined;
          const running = new Set<number>();
          const w = watched(name, scheme, (matrix, round) => {
            if (round.active < 0) return undefined;
            if (named?.slot !== round.active) return `row ${round.active} runs, slot ${named?.slot} named`;
            const row = new Set(matrix.jobsInSlot(round.active));
            for (const id of running)
              if (!row.has(id as never)) return `job ${id} runs outside row ${round.active}`;
            return undefined;
          });
          const observer = {
            slot: (e: SlotEvent) => {
              named = e;
            },
            operation: (e: OperationEvent) => {
              if (e.operation === 'resume' || e.operation === 'start') running.add(e.job.id);
            },
            released: (e: ReleaseEvent) => {
              running.delete(e.job.id);
            },
          };
          const run = await checkRun(w.discipline, s.machine, s.jobs, { profile, observers: [observer] });
          expect(run.violations, show(s, profile.name)).toEqual([]);
          expect(w.problems, show(s, profile.name)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
