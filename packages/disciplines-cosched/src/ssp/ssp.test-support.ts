import {
  type DisciplineDefinition,
  idealProfile,
  type Job,
  type OperationEvent,
  type PlatformProfile,
} from '@js/core';
import { checkRun } from '@js/core/testing';
import type { MachineSpec } from '@js/machine';
import { modelWorkload } from '@js/workloads';
import fc from 'fast-check';
import { expect } from 'vitest';
import { zengSodanContention } from '../contention/zeng-sodan.ts';
import { scojoPectProfile } from '../scojo-pect/platform.ts';
import { ssp } from './ssp.ts';

/** The paper's node (two dual-core CPUs), four of them: processors 4n … 4n + 3 on node n. */
export const fourNodes: MachineSpec = { nodes: 4, cpusPerNode: 2, coresPerCpu: 2 };

/** A job of the given Scojo-PECT type (the workload's visible `jobType` trait) and slowdowns. */
export function typed(
  id: number,
  type: 0 | 1 | 2,
  size: number,
  runtime: number,
  submit = 0,
  slowdowns: { slScr?: number; slSno?: number; slCos?: number; cosKey?: number } = {},
): Job {
  return {
    id,
    submit,
    size,
    runtime,
    estimate: runtime,
    traits: { jobType: type, ...slowdowns },
    traitKnowledge: {
      jobType: 'visible',
      slScr: 'speedup',
      slSno: 'speedup',
      slCos: 'speedup',
      cosKey: 'speedup',
    },
  };
}

/**
 * Run a coscheduling discipline with the invariant checker, the Zeng–Sodan contention, exact
 * knowledge and at most `jobsPerNode` jobs on a node (the engine refuses more); no violation allowed.
 */
export async function runCosched(
  discipline: DisciplineDefinition,
  jobs: Job[],
  {
    profile = idealProfile,
    machine = fourNodes,
    options = {},
    jobsPerNode = 2,
  }: {
    profile?: PlatformProfile;
    machine?: MachineSpec;
    options?: Record<string, unknown>;
    jobsPerNode?: number;
  } = {},
) {
  const log: OperationEvent[] = [];
  const run = await checkRun(discipline, machine, jobs, {
    profile,
    options,
    contention: zengSodanContention,
    knowledge: { runtimes: 'exact', speedup: true },
    placement: { maxJobsPerNode: jobsPerNode },
    observers: [{ operation: (e) => log.push(e) }],
  });
  expect(run.violations).toEqual([]);
  expect(run.result.status).toBe('completed');
  const ops = (id: number) =>
    log.filter((e) => e.job.id === id).map((e) => [e.operation, e.time, e.processors]);
  const outcome = (id: number) => run.outcomes.find((o) => o.job.id === id)!;
  const counters = run.result.counters[discipline.name] ?? {};
  return { run, log, ops, outcome, counters };
}

/** ssp: one job per node. */
export const runSsp = (jobs: Job[], profile: PlatformProfile = idealProfile, machine = fourNodes) =>
  runCosched(ssp, jobs, { profile, machine, jobsPerNode: 1 });

/**
 * Random zeng-sodan-multicore workloads on `fourNodes`, under the ideal and Scojo-PECT profiles,
 * with and without exact knowledge: the engine refuses a start or resume that puts more than
 * `jobsPerNode` jobs on a node, and the checker re-derives per-core occupancy and the placement
 * rule from the events. No violation, every job finishes.
 */
export async function holdsOnRandomWorkloads(
  discipline: DisciplineDefinition,
  jobsPerNode: number,
  numRuns: number,
  optionSets: readonly Record<string, unknown>[] = [{}],
) {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.integer({ min: 5, max: 30 }),
      fc.constantFrom(scojoPectProfile, idealProfile),
      fc.boolean(),
      fc.constantFrom(...optionSets),
      async (seed, jobs, profile, exact, options) => {
        const list = [...modelWorkload('zeng-sodan-multicore', { jobs, seed, processors: 4 }).jobs];
        const run = await checkRun(discipline, fourNodes, list, {
          profile,
          options,
          contention: zengSodanContention,
          knowledge: exact ? { runtimes: 'exact', speedup: true } : {},
          placement: { maxJobsPerNode: jobsPerNode },
        });
        expect(run.violations).toEqual([]);
        expect(run.result.status).toBe('completed');
        expect(run.schedule).toHaveLength(list.length);
      },
    ),
    { numRuns },
  );
}
