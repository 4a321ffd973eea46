import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptivePolicy1 } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { asActivated } from '../policy/distribution.ts';
import { shortestDemandFirst } from '../policy/queue-order.ts';

/**
 * AP1(1) (Anastasiadis & Sevcik 1997, §3.3): AP1 with the waiting jobs in non-decreasing order of
 * their demand T(1). Without demand knowledge the queue is FIFO: AP1.
 */
export const ap11 = defineDiscipline({
  name: 'ap1-1',
  summary: 'AP1(1): AP1 with the queue in shortest-demand-first order',
  source: 'Anastasiadis & Sevcik 1997, §3.3 (AP1(1))',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: shortestDemandFirst, activate: adaptivePolicy1, distribute: asActivated },
      env,
    ),
});
