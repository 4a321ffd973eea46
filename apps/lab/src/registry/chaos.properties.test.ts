import { builtinProfiles, type Job } from '@js/core';
import { arbScenario, type ChaosReport, chaosDisciplines, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The chaos disciplines of `@js/core/testing`, one per capability class, try random operations,
 * legal and illegal, under every shipped platform profile on machines with nodes, CPUs, cores,
 * K resources and multiprogramming limits. The engine must refuse every illegal operation with a
 * typed error naming discipline, job, time and rule (the chaos discipline checks that), and let
 * nothing through that the independent invariant checker can see.
 */
const names = chaosDisciplines().map((d) => d.name);
const refusals = new Map<string, number>();

/** A shrunk counter-example prints as the machine, the seed and the job list, one job per line. */
const show = (s: { machine: unknown; jobs: Job[] }, seed: number) =>
  `machine ${JSON.stringify(s.machine)}, seed ${seed}\n${s.jobs.map((j) => JSON.stringify(j)).join('\n')}`;

describe.each(names)('%s: every illegal operation refused, nothing illegal let through', (name) => {
  it.each(builtinProfiles.map((p) => [p.name, p] as const))('under the %s profile', async (_, profile) => {
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
          const run = await checkRun(discipline, s.machine, s.jobs, { profile, seed });
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
