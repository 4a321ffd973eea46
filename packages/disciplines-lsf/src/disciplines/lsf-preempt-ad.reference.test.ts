import { builtinProfiles, type Job, type OperationEvent, platformProfileSchema } from '@js/core';
import { arbScenario, checkRun } from '@js/core/testing';
import { modelWorkload } from '@js/workloads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lsfPreemptAdReference } from './lsf-preempt-ad.reference.test-support.ts';
import { lsfPreemptAd } from './lsf-preempt-ad.ts';

/**
 * `lsf-preempt-ad` keeps its matrix and ranking from round to round, passes over rows that
 * cannot win and candidates that cannot fit, and tests processors as bit sets. The plain reading
 * in the test support does none of that; both must apply the same operations at the same times.
 */
async function operations(
  discipline: typeof lsfPreemptAd,
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

describe('lsf-preempt-ad against its plain reading', () => {
  it('applies the same operations on random job sets, machines of up to 70 processors, every knowledge case', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario(
          { maxProcessors: 70, maxResources: 1, multiprogramming: true },
          { maxJobs: 25, estimates: 'exact', malleable: true },
        ),
        fc.constantFrom({}, { demand: true }, { speedup: true }, { demand: true, speedup: true }),
        fc.constantFrom(costly, lsfNow, builtinProfiles.find((p) => p.name === 'ideal')!),
        fc.integer({ min: 1, max: 8 }),
        async (s, knowledge, profile, quantum) => {
          const settings = { knowledge, profile, options: { quantum } };
          const fast = await operations(lsfPreemptAd, s.machine, s.jobs, settings);
          const plain = await operations(lsfPreemptAdReference, s.machine, s.jobs, settings);
          expect(fast, show(s)).toEqual(plain);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('applies the same operations on the paper’s workload, 48 processors, under lsf-now-97', async () => {
    for (const seed of [1, 2]) {
      const w = modelWorkload('parsons-sevcik-97', {
        jobs: 150,
        seed,
        load: 0.9,
        options: { processors: 48 },
      });
      for (const knowledge of [{}, { demand: true, speedup: true }]) {
        const settings = { knowledge, profile: lsfNow };
        const fast = await operations(lsfPreemptAd, { nodes: w.processors }, [...w.jobs], settings);
        const plain = await operations(lsfPreemptAdReference, { nodes: w.processors }, [...w.jobs], settings);
        // The runs preempt: 35 to 208 suspends each.
        expect(fast.filter((line) => line.includes(' suspend ')).length).toBeGreaterThan(30);
        expect(fast).toEqual(plain);
      }
    }
  });
});
