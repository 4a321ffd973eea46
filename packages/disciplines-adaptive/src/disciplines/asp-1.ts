import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptiveStaticPartitioning } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { asActivated } from '../policy/distribution.ts';
import { shortestDemandFirst } from '../policy/queue-order.ts';

/**
 * ASP(1) (Anastasiadis & Sevcik 1997, §3.3): ASP with the waiting jobs in non-decreasing order of
 * their demand T(1) (first-order knowledge). Without demand knowledge the queue is FIFO: ASP.
 */
export const asp1 = defineDiscipline({
  name: 'asp-1',
  summary: 'ASP(1): ASP with the queue in shortest-demand-first order',
  source: 'Anastasiadis & Sevcik 1997, §3.3 (ASP(1))',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: shortestDemandFirst, activate: adaptiveStaticPartitioning, distribute: asActivated },
      env,
    ),
});
