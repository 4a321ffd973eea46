import type { DisciplineDefinition } from '@js/core';
import { builtinProfiles, type Job, type OperationEvent, platformProfileSchema } from '@js/core';
import { arbScenario, checkRun } from '@js/core/testing';
import { modelWorkload } from '@js/workloads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lsfMlfqReference } from './lsf-mlfq.reference.test-support.ts';
import { lsfMlfq } from './lsf-mlfq.ts';
import { lsfPreemptAdReference } from './lsf-preempt-ad.reference.test-support.ts';
import { lsfPreemptAd } from './lsf-preempt-ad.ts';

/**
 * `lsf-preempt-ad` keeps its matrix and ranking from round to round, passes over rows that
 * cannot win and candidates that cannot fit, and tests processors as bit sets; `lsf-mlfq` keeps
 * its queues and remembers what held a job back. The plain readings in the test support do none
 * of that; each pair must apply the same operations at the same times.
 */
async function operations(
  discipline: DisciplineDefinition,
  machine: Parameters<typeof checkRun>[1],
  jobs: readonly Job[],
  options: Omit<Parameters<typeof checkRun>[3], 'observers'>,
): Promise<string[]> {
  const log: string[] = [];
  const observer = {
    operation: (e: OperationEvent) =>
      log.push(`${e.time} ${e.job.id} ${e.operation} ${e.processors.join(',')}`),
  };
  const run = await checkRun(discipline, machine, jobs, { ...options, observers: [observer] });
  expect(run.violations).toEqual([]);
  return log;
}

const costly = platformProfileSchema.parse({
  name: 'costly-suspend',
  suspend: 2,
  resume: 1,
  minRunBeforeSuspend: 3,
  multiprogrammingLimit: 3,
});
const lsfNow = builtinProfiles.find((p) => p.name === 'lsf-now-97')!;

const show = (s: { machine: unknown; jobs: Job[] }) =>
  `machine ${JSON.stringify(s.machine)}\n${s.jobs.map((j) => JSON.stringify(j)).join('\n')}`;

/**
 * Each discipline beside its plain reading, with options that reach every path: quanta of a few
 * seconds, and for lsf-mlfq thresholds that short jobs cross, so that they sink through every
 * level and preempt each other (its defaults are for the paper's workload).
 */
const pairs = [
  {
    name: lsfPreemptAd.name,
    fast: lsfPreemptAd,
    plain: lsfPreemptAdReference,
    options: fc.record({ quantum: fc.integer({ min: 1, max: 8 }) }),
    paperOptions: {},
  },
  {
    name: lsfMlfq.name,
    fast: lsfMlfq,
    plain: lsfMlfqReference,
    options: fc.record({
      quantum: fc.integer({ min: 1, max: 8 }),
      thresholds: fc.constantFrom([2, 20], [5], [1, 3, 9]),
    }),
    paperOptions: { thresholds: [500, 5000] },
  },
];

describe.each(pairs)('$name against its plain reading', ({ fast, plain, options, paperOptions }) => {
  it('applies the same operations on random job sets, machines of up to 70 processors, every knowledge case', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario(
          { maxProcessors: 70, maxResources: 1, multiprogramming: true },
          { maxJobs: 25, estimates: 'exact', malleable: true },
        ),
        fc.constantFrom({}, { demand: true }, { speedup: true }, { demand: true, speedup: true }),
        fc.constantFrom(costly, lsfNow, builtinProfiles.find((p) => p.name === 'ideal')!),
        options,
        async (s, knowledge, profile, opts) => {
          const settings = { knowledge, profile, options: opts };
          const ours = await operations(fast, s.machine, s.jobs, settings);
          const reference = await operations(plain, s.machine, s.jobs, settings);
          expect(ours, show(s)).toEqual(reference);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('applies the same operations on the paper’s workload, 48 processors, under lsf-now-97', async () => {
    let suspends = 0;
    for (const seed of [1, 2]) {
      const w = modelWorkload('parsons-sevcik-97', {
        jobs: 150,
        seed,
        load: 0.9,
        options: { processors: 48 },
      });
      for (const knowledge of [{}, { demand: true, speedup: true }]) {
        const settings = { knowledge, profile: lsfNow, options: paperOptions };
        const ours = await operations(fast, { nodes: w.processors }, [...w.jobs], settings);
        const reference = await operations(plain, { nodes: w.processors }, [...w.jobs], settings);
        expect(ours).toEqual(reference);
        suspends += ours.filter((line) => line.includes(' suspend ')).length;
      }
    }
    // The runs preempt, many times (lsf-mlfq 70, lsf-preempt-ad over 300).
    expect(suspends).toBeGreaterThan(50);
  });
});
