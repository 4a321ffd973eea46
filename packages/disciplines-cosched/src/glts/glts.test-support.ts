import {
  type DisciplineDefinition,
  idealProfile,
  type Job,
  type OperationEvent,
  type PlatformProfile,
} from '@js/core';
import { checkRun } from '@js/core/testing';
import type { MachineSpec } from '@js/machine';
import { expect } from 'vitest';
import { zengSodanContention } from '../contention/zeng-sodan.ts';
import type { MatchSearch } from '../matchmaking/index.ts';
import { defineScojoPect } from '../scojo-pect/frame.ts';
import { fourNodes } from '../ssp/ssp.test-support.ts';
import { gltsOptions, matchmakingOf } from './options.ts';
import { gltsPolicy } from './policy.ts';
import type { GroupDecision } from './round.ts';

/** A G-LOMARC-TS discipline that reports each group it starts to `seen`. */
export const observed = (search: MatchSearch, seen: GroupDecision[]) =>
  defineScojoPect({
    name: `observed-${search}`,
    summary: 'test',
    source: 'test',
    options: gltsOptions,
    policy: (o, env) =>
      gltsPolicy(
        {
          ...o,
          matchmaking: matchmakingOf(o, search),
          rEstFactor: o.rEstFactor,
          observe: (d) => seen.push(d),
        },
        env,
      ),
  });

/** Run with the checker, the Zeng–Sodan contention, exact knowledge and at most two jobs per node. */
export async function runCosched(
  discipline: DisciplineDefinition,
  jobs: Job[],
  {
    profile = idealProfile,
    machine = fourNodes,
    options = {},
  }: {
    profile?: PlatformProfile;
    machine?: MachineSpec;
    options?: Record<string, unknown>;
  } = {},
) {
  const log: OperationEvent[] = [];
  const run = await checkRun(discipline, machine, jobs, {
    profile,
    options,
    contention: zengSodanContention,
    knowledge: { runtimes: 'exact', speedup: true },
    placement: { maxJobsPerNode: 2 },
    observers: [{ operation: (e) => log.push(e) }],
  });
  expect(run.violations).toEqual([]);
  expect(run.result.status).toBe('completed');
  const ops = (id: number) =>
    log.filter((e) => e.job.id === id).map((e) => [e.operation, e.time, e.processors]);
  const outcome = (id: number) => run.outcomes.find((o) => o.job.id === id)!;
  const counters = run.result.counters[discipline.name] ?? {};
  return { run, ops, outcome, counters };
}
