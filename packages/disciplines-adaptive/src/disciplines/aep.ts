import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptiveEquipartition } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { asActivated } from '../policy/distribution.ts';
import { firstInFirstOut } from '../policy/queue-order.ts';

/**
 * AEP (Anastasiadis & Sevcik 1997, §3.2), the paper's new rule: as AP1, but the target partition
 * size is P divided by the number of jobs in the system, waiting and running, the share dynamic
 * equipartition would give, so partitions shrink and waits stay short as the load grows (§4).
 */
export const aep = defineDiscipline({
  name: 'aep',
  summary:
    'adaptive equipartition: FIFO; target partition P / jobs in the system, the last job activated takes the rest',
  source: 'Anastasiadis & Sevcik 1997, §3.2 (AEP)',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: firstInFirstOut, activate: adaptiveEquipartition, distribute: asActivated },
      env,
    ),
});
