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

  // Traces with field 9 = -1 and models without user estimates give Infinity: a discipline must
  // still schedule every job (no hang, no job left waiting for a reservation at Infinity), and the
  // reservations it does declare (finite ones) still hold, as runtimes never exceed Infinity.
  it('some or all estimates unknown (Infinity), rigid and malleable jobs: invariants and reservations', async () => {
    const scenario = (estimates: 'unknown-some' | 'unknown-all', malleable: boolean) =>
      arbScenario({ maxProcessors: 16, maxResources: 2 }, { maxJobs: 20, estimates, malleable });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          scenario('unknown-some', false),
          scenario('unknown-all', false),
          scenario('unknown-some', true),
          scenario('unknown-all', true),
        ),
        async (s) => {
          const run = await checkRun(discipline, s.machine, s.jobs, { reservations: true });
          expect(run.result.status, show(s)).toBe('completed');
          expect(run.violations, show(s)).toEqual([]);
          expect(run.schedule).toHaveLength(s.jobs.length);
        },
      ),
      { numRuns: 400 },
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

// With no estimate at all, nothing a backfill could do is known not to delay the queue head
// (every running job may end at any moment), and on processors alone the head's needs leave
// nothing spare: EASY and conservative must schedule exactly as FCFS, never starve the head.
describe.each(['easy', 'conservative'])('%s without any estimate, on processors alone', (name) => {
  const byName = (n: string) => disciplines.find((d) => d.name === n)!;
  it('gives the FCFS schedule', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario({ maxProcessors: 16, maxResources: 0 }, { maxJobs: 20, estimates: 'unknown-all' }),
        async (s) => {
          const fcfs = await checkRun(byName('fcfs'), s.machine, s.jobs);
          const run = await checkRun(byName(name), s.machine, s.jobs);
          expect(run.violations, show(s)).toEqual([]);
          expect(run.schedule, show(s)).toEqual(fcfs.schedule);
        },
      ),
      { numRuns: 300 },
    );
  });
});
