import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptivePolicy1 } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { differential } from '../policy/distribution.ts';
import { shortestDemandFirst } from '../policy/queue-order.ts';

/**
 * AP1(2) (Anastasiadis & Sevcik 1997, §3.4): SDF order; the jobs AP1 would activate start, and
 * DIF distributes the processors AP1 grants them by the largest T(p) − T(p + 1). Without T(p) it
 * is AP1(1), without demand knowledge AP1.
 */
export const ap12 = defineDiscipline({
  name: 'ap1-2',
  summary: 'AP1(2): SDF order, AP1 decides how many jobs start, DIF shares the processors by marginal gain',
  source: 'Anastasiadis & Sevcik 1997, §3.4 (AP1(2))',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: shortestDemandFirst, activate: adaptivePolicy1, distribute: differential },
      env,
    ),
});
