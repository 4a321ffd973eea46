import { builtinProfiles, type Job, Registry } from '@js/core';
import { arbScenario, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtins.ts';

/**
 * The invariants of `08-quality.md`, for every registered discipline: no over-commit, exact work
 * delivered, no start before arrival, rigid sizes honoured, every job finished, and the same
 * inputs give the same schedule. Reservations (EASY's head, conservative's every job) are never
 * delayed and always honoured while runtimes stay within their estimates.
 */
// Run counts are high because some bugs need a particular geometry of early departures to show
// (a conservative reservation left where no event falls took ~2000 runs at 150 per run).
const registry = new Registry(builtinPlugins);
const disciplines = registry.disciplines().map((d) => d.definition);

/** A shrunk counter-example prints as the machine and the job list, one job per line. */
const show = (s: { machine: unknown; jobs: Job[] }) =>
  `machine ${JSON.stringify(s.machine)}\n${s.jobs.map((j) => JSON.stringify(j)).join('\n')}`;

describe.each(disciplines)('$name keeps every invariant', (discipline) => {
  it('rigid jobs, estimates ≥ runtimes, K ≤ 3 resources: invariants and reservations', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario({ maxProcessors: 16, maxResources: 2 }, { maxJobs: 25, estimates: 'over' }),
        async (s) => {
          const run = await checkRun(discipline, s.machine, s.jobs, { reservations: true });
          expect(run.violations, show(s)).toEqual([]);
          expect(run.schedule).toHaveLength(s.jobs.length);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('malleable and rigid jobs, estimates that may be too short', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario(
          { maxProcessors: 16, maxResources: 1 },
          { maxJobs: 20, estimates: 'any', malleable: true },
        ),
        async (s) => {
          const run = await checkRun(discipline, s.machine, s.jobs);
          expect(run.violations, show(s)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each(builtinProfiles.map((p) => [p.name, p] as const))(
    'under the %s profile, on nodes of CPUs and cores with a multiprogramming limit',
    async (_, profile) => {
      await fc.assert(
        fc.asyncProperty(
          arbScenario(
            { maxProcessors: 16, maxResources: 2, topology: true, multiprogramming: true },
            { maxJobs: 20, estimates: 'any', malleable: true },
          ),
          async (s) => {
            const run = await checkRun(discipline, s.machine, s.jobs, { profile });
            expect(run.violations, show(s)).toEqual([]);
            expect(run.schedule).toHaveLength(s.jobs.length);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('determinism: the same inputs give the same schedule', async () => {
    await fc.assert(
      fc.asyncProperty(arbScenario({ maxProcessors: 16 }, { maxJobs: 20 }), async (s) => {
        const a = await checkRun(discipline, s.machine, s.jobs, { seed: 7 });
        const b = await checkRun(discipline, s.machine, s.jobs, { seed: 7 });
        expect(b.schedule).toEqual(a.schedule);
      }),
      { numRuns: 30 },
    );
  });
});
