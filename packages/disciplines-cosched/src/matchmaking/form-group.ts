import { cutBlocks, orderCandidates, sortBlock } from './blocks.ts';
import { type FairnessTest, firstFairByGain } from './fairness.ts';
import { type Group, groupKey, isFeasible, makeGroup, memberOf, type Setting } from './group.ts';
import { asMember, type MatchContext, type MatchJob, type Member } from './job.ts';
import type { MatchmakingOptions } from './options.ts';
import { preselected } from './pre-selection.ts';
import { purify } from './purify.ts';
import { extendFromLaterBlocks, windowAt, windowGroups } from './window.ts';

/** One search for the matched jobs of a given primary (§4.5). */
export interface GroupSearch {
  readonly primary: MatchJob;
  /** Jobs that may be matched: waiting jobs (Cases 1, 3) or running jobs (Case 2). */
  readonly candidates: readonly MatchJob[];
  readonly context: MatchContext;
  readonly options: MatchmakingOptions;
  readonly fair: FairnessTest;
  /** A job every group must hold: the first waiting job when a running job is primary (Case 3). */
  readonly mustInclude?: number;
}

/** §4.5 steps 1 and 2 (first half): the pre-selected candidates, ordered. */
export const candidatePool = (setting: Setting, candidates: readonly MatchJob[]): Member[] =>
  orderCandidates(candidates.map((c) => memberOf(setting, c)).filter((c) => preselected(setting, c)));

/**
 * The group for `primary`, or none: §4.5 steps 1–6 with the search named in the options (§5.1).
 * A group is suitable when it can start (MATCHED_LARGER, free nodes), reaches MIN_UTILGAIN and
 * holds `mustInclude`; among the suitable ones the fairness test decides.
 */
export const formGroup = (search: GroupSearch): Group | undefined => {
  const { primary, candidates, context, options, fair, mustInclude } = search;
  const setting: Setting = { primary: asMember(primary, context.machine, options), context, options };
  const pool = candidatePool(setting, candidates);
  context.searched?.(pool.length);
  const holds = (g: Group) => mustInclude === undefined || g.matched.some((m) => m.job.id === mustInclude);
  const suitable = (g: Group) => isFeasible(g, setting) && holds(g) && g.gain >= options.minUtilGain;

  switch (options.search) {
    case 'cst':
      // Two jobs only, the best match (§5.1).
      return firstFairByGain(pool.map((c) => makeGroup(setting, [c])).filter(suitable), fair);
    case 'cstws':
      // Two jobs only, the first suitable match in candidate order (§5.1).
      return pool.map((c) => makeGroup(setting, [c])).find((g) => suitable(g) && fair(g));
    case 'nh':
      // No blocks, no sorting: windows over the whole ordered pool, the first suitable group (§5.1).
      for (let start = 0; start < pool.length; start++) {
        const window = windowAt(setting, pool, start);
        if (window.length === 0) continue;
        const group = purify(setting, makeGroup(setting, window), mustInclude);
        if (suitable(group) && fair(group)) return group;
      }
      return undefined;
    default: {
      // glts, fbo (no step 4) and ns (blocks left in candidate order).
      const blocks = cutBlocks(pool, options.blockSize).map((b) =>
        options.search === 'ns' ? b : sortBlock(b),
      );
      const kept = windowGroups(setting, blocks[0] ?? []).filter((g) => isFeasible(g, setting) && holds(g));
      if (options.search !== 'fbo') {
        const best = kept.reduce<Group | undefined>(
          (b, g) => (b === undefined || g.gain > b.gain ? g : b),
          undefined,
        );
        kept.push(...extendFromLaterBlocks(setting, best, blocks.slice(1).flat()));
      }
      const seen = new Set<string>();
      const purified = kept
        .map((g) => purify(setting, g, mustInclude))
        .filter((g) => !seen.has(groupKey(g)) && seen.add(groupKey(g)));
      return firstFairByGain(purified.filter(suitable), fair);
    }
  }
};
