import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { upTo } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { asActivated } from '../policy/distribution.ts';
import { shortestDemandFirst } from '../policy/queue-order.ts';

/**
 * SDF-Max (Anastasiadis & Sevcik 1997, §3.3 and §6.1, after Chiang et al.): SDF with a fixed
 * allocation limit, each job in turn on min(p_max, cap, idle processors). The paper runs caps
 * 1, 2 and 6 and names none as its main one; only cap 1 never saturates (§6.1), so it is the
 * default. A job whose minimum is above the cap (never in the paper) gets its minimum.
 */
export const sdfMax = defineDiscipline({
  name: 'sdf-max',
  summary: 'SDF with a fixed allocation limit: each job in turn gets min(p_max, cap, idle processors)',
  source: 'Anastasiadis & Sevcik 1997, §3.3, §6.1 (SDF-Max)',
  options: z
    .object({
      cap: z
        .int()
        .positive()
        .default(1)
        .describe('most processors a job is given (§6.1 runs 1, 2 and 6; only 1 never saturates)'),
    })
    .strict(),
  capabilities: runToCompletion,
  create: ({ cap }, env) =>
    adaptiveScheduler({ order: shortestDemandFirst, activate: upTo(cap), distribute: asActivated }, env),
});
