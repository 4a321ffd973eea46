import * as z from 'zod';
import { table6 } from '../matchmaking/options.ts';
import { defineScojoPect } from '../scojo-pect/frame.ts';
import { scojoPectOptions } from '../scojo-pect/settings.ts';
import { sspPolicy } from './ssp-policy.ts';

/**
 * SSP, standard space sharing inside Scojo-PECT (Zeng & Sodan, seed 002, §5.1, the baseline of
 * §5.2): one job per node with 1, 2 or 4 processes per node by formula 8, FCFS with conservative
 * backfilling per job type, time slices per type with swapping, non-type slice backfilling.
 */
export const ssp = defineScojoPect({
  name: 'ssp',
  summary: 'standard space sharing (one job per node, processes per node by self slowdown) inside Scojo-PECT',
  source:
    'Zeng & Sodan, Lookahead Group Matchmaking for Time/Space Sharing on Multi-core Parallel Machines, §4.3, §4.7, §5.1 (formula 8)',
  options: z
    .object({
      ...scojoPectOptions,
      maxSl: table6.maxSl,
      selfSl2: table6.selfSl2,
      unknownSlowdowns: z
        .enum(['all-cores', 'one-per-node'])
        .default('all-cores')
        .describe(
          'processes per node for a parallel job whose slowdowns the run hides (no speedup knowledge)',
        ),
    })
    .strict(),
  policy: (options, env) => sspPolicy(options, env),
});
