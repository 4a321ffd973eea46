import { asMember, groupSlowdown, type MatchContext, type MatchJob, type Member } from './job.ts';
import type { MatchmakingOptions } from './options.ts';
import { type GroupTimeline, groupFootprint, utilisationGain } from './utilisation-gain.ts';

/**
 * A candidate group (§4.4): one primary job and one or more matched jobs; per node the primary
 * shares with exactly one matched job.
 */
export interface Group {
  readonly primary: Member;
  readonly matched: readonly Member[];
  /** U_gain of formula 6. */
  readonly gain: number;
  readonly timeline: GroupTimeline;
  /** Nodes the group occupies (see {@link groupFootprint}). */
  readonly footprint: number;
  /** Free nodes the group needs: its footprint less the nodes its running members already hold. */
  readonly freeNodesNeeded: number;
}

/**
 * Where a decision stands: the primary, the state of the jobs it may be matched with, the free
 * nodes and the parameters. One per call of the group formation.
 */
export interface Setting {
  readonly primary: Member;
  readonly context: MatchContext;
  readonly options: MatchmakingOptions;
}

export const makeGroup = (setting: Setting, matched: readonly Member[]): Group => {
  const { primary, context } = setting;
  const { gain, timeline } = utilisationGain(primary, matched, context);
  const footprint = groupFootprint(primary, matched);
  const held = [primary, ...matched]
    .filter((m) => m.job.state === 'running')
    .reduce((s, m) => s + m.nodes, 0);
  return { primary, matched, gain, timeline, footprint, freeNodesNeeded: Math.max(0, footprint - held) };
};

export const matchedNodes = (matched: readonly Member[]): number => matched.reduce((s, m) => s + m.nodes, 0);

/**
 * MATCHED_LARGER (Table 6): X − Y ≤ MATCHED_LARGER · Y, X the matched jobs' nodes, Y the primary's.
 */
export const withinMatchedLarger = (
  primaryNodes: number,
  matchedNodeCount: number,
  options: MatchmakingOptions,
) => matchedNodeCount - primaryNodes <= options.matchedLarger * primaryNodes;

/** A group can start: it is not empty, obeys MATCHED_LARGER and fits the free nodes. */
export const isFeasible = (group: Group, setting: Setting): boolean =>
  group.matched.length > 0 &&
  withinMatchedLarger(group.primary.nodes, matchedNodes(group.matched), setting.options) &&
  group.freeNodesNeeded <= setting.context.machine.freeNodes;

/** The same members, whatever the order: groups found twice are tested once. */
export const groupKey = (group: Group): string =>
  group.matched
    .map((m) => m.job.id)
    .sort((a, b) => a - b)
    .join(',');

export const primarySlowdownWith = (setting: Setting, m: Member): number =>
  groupSlowdown(setting.primary, m, setting.context);

export const memberOf = (setting: Setting, job: MatchJob): Member =>
  asMember(job, setting.context.machine, setting.options);
