import { builtinProfiles, type Job, platformProfileSchema } from '@js/core';
import { arbJobs, arbScenario, checkRun } from '@js/core/testing';
import type { SchedulingMatrix } from '@js/gang';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { watched } from './gang.test-support.ts';
import { bcScheme, brmmsScheme, brmmsStarScheme, brmsScheme, brScheme } from './index.ts';
import type { GangScheme } from './scheme.ts';

/**
 * The rules of §3–§5 inside whole simulations: after every decision round the matrix keeps
 * @js/gang's invariants (no cell with two jobs; a job on the same consecutive processors in each
 * of its slots; both workload trees equal to their definition), every change to it is legal
 * (each re-packing made of legal shifts, each placement and extension into idle cells), and after
 * every slot boundary no slot that the scheme would delete is left: BR, BRMS and BRMMS* leave no
 * processor-wide idle fragment (WLTM root 0), BRMMS none even counting extra slots as idle (WLTS
 * root 0), BC no empty slot but a last one. (BRMMS* deletes by WLTS only the slots departures
 * free, so a slot added for a new job may leave the WLTS root non-zero.) The engine's checker
 * sees the operations.
 */
const noEmptySlot = (m: SchedulingMatrix) => {
  for (let s = 0; s < m.slots; s++) if (m.isSlotEmpty(s) && m.slots > 1) return `slot ${s} is empty`;
  return undefined;
};
const rootIsZero = (which: 'wltm' | 'wlts') => (m: SchedulingMatrix) =>
  m[which].root > 0
    ? `a slot could still be eliminated: the ${which.toUpperCase()} root is ${m[which].root}`
    : undefined;

const schemes: readonly (readonly [string, GangScheme, (m: SchedulingMatrix) => string | undefined])[] = [
  ['bc', bcScheme, noEmptySlot],
  ['br', brScheme, rootIsZero('wltm')],
  ['brms', brmsScheme, rootIsZero('wltm')],
  ['brmms-star', brmmsStarScheme, rootIsZero('wltm')],
  ['brmms', brmmsScheme, rootIsZero('wlts')],
];

/** Every overhead path: suspends that take time, resumes, a decision interval, minimum runs. */
const costly = platformProfileSchema.parse({
  name: 'costly',
  dispatch: 1,
  suspend: 2,
  resume: 1,
  decisionInterval: 2,
  minRunBeforeSuspend: 3,
  multiprogrammingLimit: 3,
});
const profiles = [...builtinProfiles, costly];

const show = (s: { machine: unknown; jobs: Job[] }, profile: string) =>
  `profile ${profile}, machine ${JSON.stringify(s.machine)}\n${s.jobs.map((j) => JSON.stringify(j)).join('\n')}`;

describe.each(schemes)('%s: the matrix stays legal in every round of a run', (name, scheme, settled) => {
  it('on machines with resources, topology and multiprogramming limits, under every profile', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario(
          { maxProcessors: 16, maxResources: 2, topology: true, multiprogramming: true },
          { maxJobs: 20, estimates: 'any', malleable: true },
        ),
        fc.constantFrom(...profiles),
        async (s, profile) => {
          const w = watched(name, scheme, (m, round) => (round.boundary ? settled(m) : undefined));
          const run = await checkRun(w.discipline, s.machine, s.jobs, { profile });
          expect(w.problems, show(s, profile.name)).toEqual([]);
          expect(run.violations, show(s, profile.name)).toEqual([]);
          expect(run.result.status, show(s, profile.name)).toBe('completed');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with arrivals and runtimes in whole quanta, every job starts and ends on a slot boundary', async () => {
    const quantum = 5;
    const inQuanta = fc.integer({ min: 1, max: 16 }).chain((nodes) =>
      arbJobs({ nodes }, { maxJobs: 20, maxRuntime: 8 }).map((jobs) => ({
        machine: { nodes },
        jobs: jobs.map((j) => ({
          ...j,
          submit: j.submit * quantum,
          runtime: j.runtime * quantum,
          estimate: Infinity,
        })),
      })),
    );
    await fc.assert(
      fc.asyncProperty(inQuanta, async (s) => {
        const w = watched(name, scheme);
        const run = await checkRun(w.discipline, s.machine, s.jobs);
        expect(run.violations, show(s, 'ideal')).toEqual([]);
        for (const { id, start, end } of run.schedule) {
          expect(start % quantum, `job ${id} starts at ${start}\n${show(s, 'ideal')}`).toBe(0);
          expect(end % quantum, `job ${id} ends at ${end}\n${show(s, 'ideal')}`).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
