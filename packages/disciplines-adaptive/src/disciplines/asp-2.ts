import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptiveStaticPartitioning } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { differential } from '../policy/distribution.ts';
import { shortestDemandFirst } from '../policy/queue-order.ts';

/**
 * ASP(2) (Anastasiadis & Sevcik 1997, §3.4): SDF order; the jobs ASP would activate start, and
 * DIF distributes the processors ASP grants them by the largest T(p) − T(p + 1). Needs T(p)
 * (demand and speedup knowledge); without speedup knowledge it is ASP(1), without demand ASP.
 */
export const asp2 = defineDiscipline({
  name: 'asp-2',
  summary: 'ASP(2): SDF order, ASP decides how many jobs start, DIF shares the processors by marginal gain',
  source: 'Anastasiadis & Sevcik 1997, §3.4 (ASP(2))',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: shortestDemandFirst, activate: adaptiveStaticPartitioning, distribute: differential },
      env,
    ),
});
