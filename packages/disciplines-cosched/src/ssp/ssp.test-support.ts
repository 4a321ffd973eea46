import { idealProfile, type Job, type OperationEvent, type PlatformProfile } from '@js/core';
import { checkRun } from '@js/core/testing';
import type { MachineSpec } from '@js/machine';
import { expect } from 'vitest';
import { zengSodanContention } from '../contention/zeng-sodan.ts';
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
  slowdowns: { slScr?: number; slSno?: number; slCos?: number } = {},
): Job {
  return {
    id,
    submit,
    size,
    runtime,
    estimate: runtime,
    traits: { jobType: type, ...slowdowns },
    traitKnowledge: { jobType: 'visible', slScr: 'speedup', slSno: 'speedup', slCos: 'speedup' },
  };
}

/** Run ssp with the invariant checker, the Zeng–Sodan contention and exact knowledge; no violation allowed. */
export async function runSsp(jobs: Job[], profile: PlatformProfile = idealProfile, machine = fourNodes) {
  const log: OperationEvent[] = [];
  const run = await checkRun(ssp, machine, jobs, {
    profile,
    contention: zengSodanContention,
    knowledge: { runtimes: 'exact', speedup: true },
    placement: { maxJobsPerNode: 1 },
    observers: [{ operation: (e) => log.push(e) }],
  });
  expect(run.violations).toEqual([]);
  expect(run.result.status).toBe('completed');
  const ops = (id: number) =>
    log.filter((e) => e.job.id === id).map((e) => [e.operation, e.time, e.processors]);
  const outcome = (id: number) => run.outcomes.find((o) => o.job.id === id)!;
  return { run, log, ops, outcome };
}
