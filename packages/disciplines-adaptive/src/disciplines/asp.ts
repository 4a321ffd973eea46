import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptiveStaticPartitioning } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { asActivated } from '../policy/distribution.ts';
import { firstInFirstOut } from '../policy/queue-order.ts';

/**
 * ASP (Anastasiadis & Sevcik 1997, §3.2, after Setia & Tripathi): a FIFO queue; an arriving job
 * that finds processors free gets min(p_max, free); at each completion the free processors are
 * divided as equally as possible among the waiting jobs, none above its p_max. Jobs keep their
 * processors until they complete.
 */
export const asp = defineDiscipline({
  name: 'asp',
  summary:
    'adaptive static partitioning: FIFO; free processors split equally among the waiting jobs, each kept to completion',
  source: 'Anastasiadis & Sevcik 1997, §3.2 (ASP, after Setia & Tripathi 1993)',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: firstInFirstOut, activate: adaptiveStaticPartitioning, distribute: asActivated },
      env,
    ),
});
