import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptiveEquipartition } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { differential } from '../policy/distribution.ts';
import { shortestDemandFirst } from '../policy/queue-order.ts';

/**
 * AEP(2) (Anastasiadis & Sevcik 1997, §3.4), the paper's proposal: SDF order; the jobs AEP would
 * activate start, and DIF distributes the processors AEP grants them by the largest
 * T(p) − T(p + 1). Without T(p) it is AEP(1), without demand knowledge AEP.
 */
export const aep2 = defineDiscipline({
  name: 'aep-2',
  summary: 'AEP(2): SDF order, AEP decides how many jobs start, DIF shares the processors by marginal gain',
  source: 'Anastasiadis & Sevcik 1997, §3.4 (AEP(2))',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: shortestDemandFirst, activate: adaptiveEquipartition, distribute: differential },
      env,
    ),
});
