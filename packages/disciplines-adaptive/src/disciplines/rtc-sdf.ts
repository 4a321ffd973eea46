import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { adaptiveStaticPartitioning } from '../policy/activation.ts';
import { adaptiveScheduler, runToCompletion } from '../policy/adaptive-scheduler.ts';
import { differential } from '../policy/distribution.ts';
import { shortestDemandFirst } from '../policy/queue-order.ts';

/**
 * RTC-SDF (McCann & Zahorjan's Run-To-Completion with Wu's SDF queue; Anastasiadis & Sevcik 1997,
 * §3.4): in SDF order as many waiting jobs as possible are activated, and each free processor goes
 * to the one whose execution time falls most. As the paper notes, activating as many as possible
 * is what ASP grants (one processor at least to each of up to "free" jobs, all free processors
 * among them), so RTC-SDF is ASP with SDF and DIF: the same three choices as ASP(2).
 */
export const rtcSdf = defineDiscipline({
  name: 'rtc-sdf',
  summary:
    'run to completion with an SDF queue: as many jobs as possible start, DIF shares the free processors',
  source: 'Anastasiadis & Sevcik 1997, §3.4 (RTC-SDF, after McCann & Zahorjan 1989 and Wu 1993)',
  options: z.object({}).strict(),
  capabilities: runToCompletion,
  create: (_options, env) =>
    adaptiveScheduler(
      { order: shortestDemandFirst, activate: adaptiveStaticPartitioning, distribute: differential },
      env,
    ),
});
