import { builtinProfiles, type Job, platformProfileSchema } from '@js/core';
import { arbScenario, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lsfMlfq } from './lsf-mlfq.ts';
import { lsfPreemptAd } from './lsf-preempt-ad.ts';

/**
 * No shipped profile charges for a suspend, so the registry's properties never take the path
 * where a preemptor waits for its victims' processors: this profile does, with every other cost,
 * minimum run and decision interval as well, on machines with multiprogramming limits. The
 * registry runs lsf-mlfq with its default thresholds, which the short jobs of the scenarios never
 * reach; here they are small enough that jobs sink through every level and preempt each other.
 */
const costly = platformProfileSchema.parse({
  name: 'costly-suspend',
  dispatch: 1,
  suspend: 2,
  resume: 1,
  decisionInterval: 2,
  minRunBeforeSuspend: 3,
  multiprogrammingLimit: 3,
});

const show = (s: { machine: unknown; jobs: Job[] }) =>
  `machine ${JSON.stringify(s.machine)}\n${s.jobs.map((j) => JSON.stringify(j)).join('\n')}`;

const subjects = [
  { name: lsfPreemptAd.name, discipline: lsfPreemptAd, options: { quantum: 4 } },
  { name: lsfMlfq.name, discipline: lsfMlfq, options: { quantum: 4, thresholds: [2, 20] } },
];
const profiles = [costly, ...builtinProfiles].map((p) => [p.name, p] as const);

describe.each(subjects)('$name: simple preemption under every profile', ({ discipline, options }) => {
  it.each(profiles)('keeps every invariant and finishes every job under %s', async (_, profile) => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario(
          { maxProcessors: 12, maxResources: 2, topology: true, multiprogramming: true },
          { maxJobs: 15, estimates: 'any', malleable: true },
        ),
        fc.constantFrom({}, { demand: true }, { demand: true, speedup: true }),
        async (s, knowledge) => {
          const run = await checkRun(discipline, s.machine, s.jobs, { profile, knowledge, options });
          expect(run.violations, show(s)).toEqual([]);
          expect(run.schedule, show(s)).toHaveLength(s.jobs.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
