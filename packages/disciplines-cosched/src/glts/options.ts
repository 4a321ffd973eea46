import * as z from 'zod';
import {
  type MatchmakingOptions,
  type MatchSearch,
  matchmakingOptions,
  matchmakingPreset,
  table6,
} from '../matchmaking/index.ts';
import { scojoPectOptions } from '../scojo-pect/settings.ts';

/**
 * The options of every G-LOMARC-TS discipline: Scojo-PECT's (N_H is its `highLoad`), Table 6's
 * with the paper's defaults, and the R_est adjustment of §5.1.
 */
export const gltsOptions = z
  .object({
    ...scojoPectOptions,
    ...table6,
    rEstFactor: z
      .number()
      .positive()
      .default(0.75)
      .describe(
        'R_est = this × the response time simulated at submission (§5.1: 0.75, as jobs run faster than estimated thanks to non-type slice backfilling and coscheduling); the fairness test adjusts its predictions from the plan alike, so the factor cancels in formula 4 and scales the reported R / R_est',
      ),
    lowLoad: matchmakingOptions.shape.lowLoad,
    allCores: matchmakingOptions.shape.allCores,
    slackTest: matchmakingOptions.shape.slackTest,
    unknownSlowdowns: z
      .enum(['all-cores', 'one-per-node'])
      .default('all-cores')
      .describe('processes per node for a parallel job whose slowdowns the run hides (no speedup knowledge)'),
  })
  .strict();

/** The parsed options of a G-LOMARC-TS discipline: the slice settings, Table 6's MAX_SL … F_slack, R_est's factor and the low-load, all-cores and slack rules. */
export type GltsOptions = z.output<typeof gltsOptions>;

/** Table 6's values with the search of a variant (§5.1), for the matchmaking functions. */
export const matchmakingOf = (o: GltsOptions, search: MatchSearch): MatchmakingOptions =>
  matchmakingPreset(search, {
    maxSl: o.maxSl,
    selfSl2: o.selfSl2,
    minUtilGain: o.minUtilGain,
    blockSize: o.blockSize,
    matchedLarger: o.matchedLarger,
    runningPrimNum: o.runningPrimNum,
    matchedLonger: o.matchedLonger,
    fSlack: o.fSlack,
    nH: o.highLoad,
    lowLoad: o.lowLoad,
    allCores: o.allCores,
    slackTest: o.slackTest,
  });
