import type { DisciplineEnvironment, JobView, Scheduler } from '@js/core';
import type { ActivationRule } from './activation.ts';
import type { Distribution } from './distribution.ts';
import type { QueueOrder } from './queue-order.ts';
import { takeIfFree } from './resources.ts';

/**
 * A run-to-completion policy of Anastasiadis & Sevcik 1997 (§3) as three choices, the way the
 * paper builds ASP(1), AEP(2), RTC-SDF…: the queue order, the rule that decides how many jobs
 * to activate and their sizes, and how those processors are finally distributed.
 */
export interface AdaptiveRules {
  readonly order: QueueOrder;
  readonly activate: ActivationRule;
  readonly distribute: Distribution;
}

/** Moldable, never preempted: the engine refuses any resize (§3.2, "freed only when it completes"). */
export const runToCompletion = { sizing: 'moldable', preemption: 'none' } as const;

/**
 * At every decision round with free processors and waiting jobs: order the queue, take the
 * jobs at its head whose minimums and other resources (memory…) fit, as far as the first that
 * does not (no job overtakes it), let the rule size them, distribute, and start them. A job's
 * p_max is its maximum size, capped by the machine.
 */
export function adaptiveScheduler(rules: AdaptiveRules, { machine }: DisciplineEnvironment): Scheduler {
  const { capacities } = machine;
  const free = new Float64Array(capacities.length);
  return {
    schedule(ctx) {
      const idle = ctx.machine.idleProcessors;
      const { pending, running } = ctx.jobs;
      if (idle === 0 || pending.length === 0) return;
      const P = ctx.machine.processors;
      for (let r = 0; r < free.length; r++) free[r] = ctx.machine.free(r);
      const head: JobView[] = [];
      let minimums = 0;
      for (const job of rules.order(pending)) {
        if (minimums + job.minSize > idle || !takeIfFree(job.demand, free, capacities)) break;
        minimums += job.minSize;
        head.push(job);
      }
      if (head.length === 0) return;
      const bounds = head.map((j) => ({ minSize: j.minSize, maxSize: Math.min(j.maxSize, P) }));
      const load = { processors: P, waiting: pending.length, inSystem: pending.length + running.length };
      const granted = rules.activate(bounds, idle, load);
      const activated = head.filter((_, i) => granted[i]! > 0);
      const counts = rules.distribute(
        activated,
        granted.filter((c) => c > 0),
        P,
      );
      activated.forEach((job, i) => {
        ctx.start(job, { processors: counts[i]! });
      });
    },
  };
}
