import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptiveEquipartition } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { asActivated } from '../policy/distribution.ts';
import { shortestDemandFirst } from '../policy/queue-order.ts';

/**
 * AEP(1) (Anastasiadis & Sevcik 1997, §3.3): AEP with the waiting jobs in non-decreasing order of
 * their demand T(1). Without demand knowledge the queue is FIFO: AEP.
 */
export const aep1 = defineDiscipline({
  name: 'aep-1',
  summary: 'AEP(1): AEP with the queue in shortest-demand-first order',
  source: 'Anastasiadis & Sevcik 1997, §3.3 (AEP(1))',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: shortestDemandFirst, activate: adaptiveEquipartition, distribute: asActivated },
      env,
    ),
});
