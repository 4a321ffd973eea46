import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { upTo } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { asActivated } from '../policy/distribution.ts';
import { shortestDemandFirst } from '../policy/queue-order.ts';

/**
 * SDF (Anastasiadis & Sevcik 1997, §3.3, after Majumdar et al. and Chiang et al.): the queue in
 * non-decreasing order of demand T(1); when processors are released, jobs are activated in order,
 * each on min(p_max, idle processors). It saturates at high loads (§6.1) because a job's share
 * never shrinks with the load. Without demand knowledge the queue is FIFO.
 */
export const sdf = defineDiscipline({
  name: 'sdf',
  summary: 'shortest demand first: queue by T(1), each job in turn gets min(p_max, idle processors)',
  source: 'Anastasiadis & Sevcik 1997, §3.3 (SDF)',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: shortestDemandFirst, activate: upTo(Number.POSITIVE_INFINITY), distribute: asActivated },
      env,
    ),
});
