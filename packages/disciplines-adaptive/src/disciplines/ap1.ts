import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptivePolicy1 } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { asActivated } from '../policy/distribution.ts';
import { firstInFirstOut } from '../policy/queue-order.ts';

/**
 * AP1 (Anastasiadis & Sevcik 1997, §3.2, after Rosti et al.): a FIFO queue; the target partition
 * size is P divided by the number of waiting jobs; each job gets min(p_max, target, free), and the
 * last job activated gets the processors left even when fewer than the target (footnote 1: the
 * original rule left it waiting).
 */
export const ap1 = defineDiscipline({
  name: 'ap1',
  summary:
    'adaptive policy 1: FIFO; target partition P / waiting jobs, the last job activated takes the rest',
  source: 'Anastasiadis & Sevcik 1997, §3.2 (AP1, after Rosti et al. 1994)',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler({ order: firstInFirstOut, activate: adaptivePolicy1, distribute: asActivated }, env),
});
