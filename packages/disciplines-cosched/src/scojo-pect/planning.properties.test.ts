import type { OperationEvent } from '@js/core';
import { checkRun } from '@js/core/testing';
import type { MachineSpec } from '@js/machine';
import { modelWorkload } from '@js/workloads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zengSodanContention } from '../contention/zeng-sodan.ts';
import { gltsOptions, matchmakingOf } from '../glts/options.ts';
import { gltsPolicy } from '../glts/policy.ts';
import { ssp } from '../ssp/ssp.ts';
import { sspPolicy } from '../ssp/ssp-policy.ts';
import { defineScojoPect } from './frame.ts';
import { scojoPectProfile } from './platform.ts';
import type { Planning } from './virtual-machine.ts';

/** Eight of the paper's nodes (two dual-core CPUs each). */
const eightNodes: MachineSpec = { nodes: 8, cpusPerNode: 2, coresPerCpu: 2 };

/** Every plan the frame makes (type, clock, each waiting job's reservation) and every operation. */
async function trace(policy: 'ssp' | 'glts', planning: Planning, seed: number, jobs: number, load: number) {
  const plans: string[] = [];
  const hooks = {
    planning,
    onPlan: (type: number, clock: number, queue: readonly { job: { id: number }; note: { at?: number } }[]) =>
      plans.push(`${type} ${clock}: ${queue.map((w) => `${w.job.id}@${w.note.at}`).join(' ')}`),
  };
  const discipline =
    policy === 'ssp'
      ? defineScojoPect({
          name: `ssp-${planning}`,
          summary: 'test',
          source: 'test',
          options: ssp.options,
          policy: (o, env) => sspPolicy(o, env),
          hooks,
        })
      : defineScojoPect({
          name: `glts-${planning}`,
          summary: 'test',
          source: 'test',
          options: gltsOptions,
          policy: (o, env) =>
            gltsPolicy({ ...o, matchmaking: matchmakingOf(o, 'glts'), rEstFactor: o.rEstFactor }, env),
          hooks,
        });
  const log: OperationEvent[] = [];
  const list = [...modelWorkload('zeng-sodan-multicore', { jobs, seed, processors: 8, load }).jobs];
  const run = await checkRun(discipline, eightNodes, list, {
    profile: scojoPectProfile,
    contention: zengSodanContention,
    knowledge: { runtimes: 'exact', speedup: true },
    placement: { maxJobsPerNode: policy === 'ssp' ? 1 : 2 },
    observers: [{ operation: (e) => log.push(e) }],
  });
  expect(run.violations).toEqual([]);
  expect(run.result.status).toBe('completed');
  const ops = log.map((e) => `${e.operation} ${e.job.id} ${e.time} ${e.processors.join(',')}`);
  return { plans, ops };
}

describe('Scojo-PECT: the incremental plan is the plan rebuilt from scratch', () => {
  // Loads above 1 keep queues long, so jobs stay planned over many rounds and move up when a job
  // ends early on the plan (a borrowed job runs in another type's slice), which is what the
  // incremental plan must notice; it skips re-placing a job only where re-placing would not move it.
  it.each(['ssp', 'glts'] as const)('%s: every plan and every operation alike', async (policy) => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 20, max: 60 }),
        fc.constantFrom(0.9, 1.5, 3),
        async (seed, jobs, load) => {
          const rebuilt = await trace(policy, 'rebuild', seed, jobs, load);
          const incremental = await trace(policy, 'incremental', seed, jobs, load);
          expect(incremental.plans).toEqual(rebuilt.plans);
          expect(incremental.ops).toEqual(rebuilt.ops);
        },
      ),
      { numRuns: 15 },
    );
  });
});
