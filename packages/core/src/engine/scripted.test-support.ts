import { Machine, type MachineSpec } from '@js/machine';
import * as z from 'zod';
import type { CapabilitiesInput } from '../discipline/capabilities.ts';
import { defineDiscipline } from '../discipline/define.ts';
import { InvariantViolation } from '../errors/errors.ts';
import type { Job } from '../job/job.ts';
import { InvariantChecker } from '../testing/invariants.ts';
import type { SchedulingContext } from './context.ts';
import type { JobOutcome, OperationEvent } from './observer.ts';
import { simulate } from './simulation.ts';

/** Every capability: test scripts may do anything the engine allows. */
export const anything: CapabilitiesInput = { sizing: 'malleable', preemption: 'resize' };

/** A discipline whose decisions are a script, keyed by time: for testing the engine itself. */
export const scripted = (
  steps: Record<number, (ctx: SchedulingContext) => void>,
  log?: string[],
  capabilities: CapabilitiesInput = anything,
) =>
  defineDiscipline({
    name: 'scripted',
    summary: 'test script',
    source: 'test',
    options: z.object({}),
    capabilities,
    create: () => ({
      schedule(ctx) {
        log?.push(`${ctx.now}:${ctx.triggers.map((t) => t.kind).join(',')}`);
        steps[ctx.now]?.(ctx);
      },
    }),
  });

/** A discipline that calls `decide` at every round. */
export const every = (
  decide: (ctx: SchedulingContext) => void,
  capabilities: CapabilitiesInput = anything,
  name = 'every-round',
) =>
  defineDiscipline({
    name,
    summary: 'test discipline',
    source: 'test',
    options: z.object({}),
    capabilities,
    create: () => ({ schedule: decide }),
  });

export const job = (
  id: number,
  submit: number,
  size: number,
  runtime: number,
  extra: Partial<Job> = {},
): Job => ({
  id,
  submit,
  size,
  runtime,
  estimate: runtime,
  ...extra,
});

/** Run with the invariant checker attached; outcomes by job id and every operation in order. */
export async function run(
  jobs: Job[],
  discipline: ReturnType<typeof scripted>,
  more: Partial<Parameters<typeof simulate>[1]> & { spec?: MachineSpec } = {},
) {
  const outcomes: JobOutcome[] = [];
  const operations: OperationEvent[] = [];
  const checker = new InvariantChecker({ restartAnyCount: discipline.capabilities.sizing === 'malleable' });
  const { spec, ...rest } = more;
  const result = await simulate(jobs, {
    machine: spec ? new Machine(spec) : Machine.flat(4),
    discipline,
    ...rest,
    observers: [
      { jobEnded: (o) => outcomes.push(o), operation: (e) => operations.push(e) },
      checker,
      ...(rest.observers ?? []),
    ],
  });
  const byId = Object.fromEntries(outcomes.map((o) => [o.job.id, o]));
  return { result, byId, checker, operations };
}

/** The rule of the InvariantViolation `act` throws, or 'accepted'. */
export function ruleOf(act: () => void): string {
  try {
    act();
    return 'accepted';
  } catch (error) {
    if (error instanceof InvariantViolation) return error.rule;
    throw error;
  }
}

export const fcfs = (ctx: SchedulingContext) => {
  for (const j of ctx.jobs.pending)
    if (j.state === 'pending' && ctx.machine.fits(j.size, j.demand)) ctx.start(j);
};
