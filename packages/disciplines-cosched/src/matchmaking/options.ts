import * as z from 'zod';

/**
 * How the matched jobs are searched (§5.1): `glts` is the full heuristic of §4.5; `fbo` matches only in
 * the first block; `ns` keeps the blocks unsorted; `nh` has neither blocks nor sorting and takes the
 * first suitable group; `cst` and `cstws` couple two jobs only, with the best and the first suitable
 * match respectively.
 */
export const matchSearches = ['glts', 'fbo', 'ns', 'nh', 'cst', 'cstws'] as const;
export type MatchSearch = (typeof matchSearches)[number];

/**
 * Table 6's parameters (camelCase) with the paper's defaults, as option fields: one definition for
 * every discipline of the paper (`ssp` reads MAX_SL and SELF_SL2 for formula 8 from here too).
 */
export const table6 = {
  maxSl: z
    .number()
    .min(1)
    .default(1.25)
    .describe(
      'MAX_SL (Table 6): the most slowdown a job should experience; the pre-selection threshold of a pair (§4.5 step 1) and the bound on SL_scr·SL_sno for PPN = cores per node (formula 8)',
    ),
  selfSl2: z
    .number()
    .min(1)
    .default(1.12)
    .describe(
      'SELF_SL2 (Table 6): the most node self slowdown SL_sno that still allows 2 processes per node',
    ),
  minUtilGain: z
    .number()
    .default(0.45)
    .describe('MIN_UTILGAIN (Table 6): the least relative utilisation gain (formula 6) a group must reach'),
  blockSize: z
    .number()
    .int()
    .positive()
    .default(16)
    .describe('BLOCK_SIZE (Table 6): candidate jobs per block (§4.5 step 2)'),
  matchedLarger: z
    .number()
    .min(0)
    .default(0.125)
    .describe(
      'MATCHED_LARGER (Table 6): X − Y ≤ MATCHED_LARGER·Y, X the matched jobs’ nodes, Y the primary’s nodes (§4.5 step 3)',
    ),
  runningPrimNum: z
    .number()
    .int()
    .positive()
    .default(8)
    .describe(
      'RUNNING_PRIM_NUM (Table 6): how many least-delayed running jobs are tried as primary (Case 3)',
    ),
  matchedLonger: z
    .number()
    .min(0)
    .default(3000)
    .describe('MATCHED_LONGER (Table 6): seconds by which a matched job may outlast the primary job'),
  fSlack: z
    .number()
    .min(1)
    .default(1.5)
    .describe('F_slack (Table 6, formula 4): R_max = F_slack · R_est bounds every job’s response time'),
};

/** G-LOMARC-TS parameters, named after Table 6 (camelCase) with its defaults. */
export const matchmakingOptions = z
  .object({
    ...table6,
    nH: z
      .number()
      .int()
      .positive()
      .default(12)
      .describe(
        'N_H (Table 6, formula 1): waiting jobs that make a high-load phase; a measurement threshold, not used by the matchmaking itself',
      ),
    slackTest: z
      .enum(['all-delayed', 'pushed-past'])
      .default('all-delayed')
      .describe(
        'which jobs a group may not push past R_max = F_slack · R_est (§4.5 step 6, formula 4): all-delayed, every job it delays ("maintaining R_i ≤ R_max,i", §4.1), so a job already predicted past R_max blocks any group that delays it, and a group that passes at one F_slack passes at every larger one (§5.4: "With increasing slack factor, more groups pass the fairness check"); pushed-past, only the jobs predicted within R_max without it (those it "causes … to be delayed … more than R_max", §4.5), so a job whose plan has slipped past R_max since its submission does not block it',
      ),
    lowLoad: z
      .enum(['formula-8', 'fastest'])
      .default('formula-8')
      .describe(
        'the first waiting job at low load, when every waiting job fits the free nodes at one process per node: it is space-shared (§4.3: "space sharing is more beneficial because obtaining the best runtimes per job"); formula-8 at formula 8\'s processes per node, as §4.3 has it for space sharing "always … by employing a threshold on acceptable self slowdown"; fastest at its least self slowdown (one process per node unless a self slowdown is a speedup)',
      ),
    allCores: z
      .enum(['formula-8', 'any'])
      .default('formula-8')
      .describe(
        'which jobs Case 5 (space sharing on all cores, §4.4) is offered to: formula-8, those formula 8 gives all cores (SL_scr·SL_sno ≤ MAX_SL), as §4.3 has the processes per node of space sharing "chosen … by employing a threshold on acceptable self slowdown" and Table 6 calls MAX_SL "the maximum slowdown that a job should experience", Case 4 at one process per CPU or per node for the rest; any, every job of at least as many processes as a node has cores whose gain at all cores, 4 / (SL_scr·SL_sno) − 1, is no less than at Case 4\'s processes per node (§4.4 lists "PPN = M" with no condition), against the groups\' gains, so Case 4 is left to smaller jobs and to runs the plan refuses at all cores. Space sharing is not put to the fairness test (only groups are, §4.5 step 6), so under any a job\'s own slowdown is bounded by neither MAX_SL nor F_slack',
      ),
    search: z
      .enum(matchSearches)
      .default('glts')
      .describe(
        'group search (§5.1): glts full heuristic; fbo first block only; ns no sorting per block; nh no blocks, no sorting, first suitable group; cst two jobs, best match; cstws two jobs, first match',
      ),
  })
  .strict();

export type MatchmakingOptions = z.output<typeof matchmakingOptions>;
export type MatchmakingOptionsInput = z.input<typeof matchmakingOptions>;

/** Table 6's defaults with one of §5.1's searches, so a discipline file names the variant it runs. */
export const matchmakingPreset = (
  search: MatchSearch,
  overrides: MatchmakingOptionsInput = {},
): MatchmakingOptions => matchmakingOptions.parse({ ...overrides, search });
