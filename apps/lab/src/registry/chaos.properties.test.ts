import { builtinProfiles, type Job, platformProfileSchema } from '@js/core';
import {
  arbScenario,
  type ChaosReport,
  chaosDisciplines,
  checkRun,
  sharedNodeSlowdown,
} from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The chaos disciplines of `@js/core/testing`, one per capability class, try random operations,
 * legal and illegal, under every shipped platform profile, and under one where every operation
 * costs time with minimum runs and a decision interval and co-runners slow each other, on
 * machines with nodes, CPUs, cores, K resources and multiprogramming limits. The engine must refuse every illegal operation with a
 * typed error naming discipline, job, time and rule (the chaos discipline checks that), and let
 * nothing through that the independent invariant checker can see.
 */
const names = chaosDisciplines().map((d) => d.name);

/** Every overhead path of the engine: costly operations, minimum runs, a decision interval. */
const costly = platformProfileSchema.parse({
  name: 'costly',
  dispatch: 1,
  suspend: 2,
  resume: 1,
  checkpoint: 3,
  restart: 1,
  resize: 2,
  resizeRelative: 0.1,
  decisionInterval: 2,
  minRunBeforeSuspend: 3,
  minRunBeforeReallocation: 5,
  multiprogrammingLimit: 3,
});
const settings = [
  ...builtinProfiles.map((profile) => [`the ${profile.name} profile`, { profile }] as const),
  ['a costly profile with contention', { profile: costly, contention: sharedNodeSlowdown() }] as const,
];
const refusals = new Map<string, number>();

/** A shrunk counter-example prints as the machine, the seed and the job list, one job per line. */
const show = (s: { machine: unknown; jobs: Job[] }, seed: number) =>
  `machine ${JSON.stringify(s.machine)}, seed ${seed}\n${s.jobs.map((j) => JSON.stringify(j)).join('\n')}`;

describe.each(names)('%s: every illegal operation refused, nothing illegal let through', (name) => {
  it.each(settings)('under %s', async (_, setting) => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario(
          { maxProcessors: 12, maxResources: 2, topology: true, multiprogramming: true },
          { maxJobs: 12, malleable: true },
        ),
        fc.integer(),
        async (s, seed) => {
          const report: ChaosReport = { refused: refusals, accepted: new Map(), faults: [] };
          const discipline = chaosDisciplines(report).find((d) => d.name === name)!;
          const run = await checkRun(discipline, s.machine, s.jobs, { ...setting, seed });
          expect(run.violations, show(s, seed)).toEqual([]);
          expect(report.faults, show(s, seed)).toEqual([]);
          expect(run.schedule).toHaveLength(s.jobs.length);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

it('the chaos reached the rules it is meant to exercise', () => {
  // A chaos that never hits a rule proves nothing about it.
  for (const rule of [
    'capability-preemption',
    'no-over-commit',
    'multiprogramming-limit',
    'minimum-run',
    'one-operation-at-a-time',
    'restart-same-count',
    'processor-range',
    'start-needs-waiting-job',
    'timer-in-future',
    'switch-names-each-job-once',
  ]) {
    expect(refusals.get(rule) ?? 0, rule).toBeGreaterThan(0);
  }
});
