/**
 * G-LOMARC-TS group matchmaking (Zeng & Sodan, §4.3–4.6) as pure functions over plain data, for the
 * `glts`, `cst` and `cstws` disciplines and the `fbo`, `ns`, `nh` variants.
 */
export { cutBlocks, orderCandidates, sortBlock } from './blocks.ts';
export { type Decision, decideBackfill, decideFirstJob, type Situation } from './cases.ts';
export {
  alwaysFair,
  type FairnessTest,
  firstFairByGain,
  groupWithinSlack,
  type SlackPrediction,
  type SlackTest,
  withinSlack,
} from './fairness.ts';
export { candidatePool, formGroup, type GroupSearch } from './form-group.ts';
export { type Group, isFeasible, makeGroup, type Setting, withinMatchedLarger } from './group.ts';
export {
  asMember,
  type CosSlowdown,
  coschedulingPpn,
  groupSlowdown,
  type MachineSummary,
  type MatchContext,
  type MatchJob,
  type Member,
  nodesAt,
  selfSlowdown,
  shareNode,
} from './job.ts';
export { type AfterMemberEnds, afterMemberEnds, type RunningGroup } from './lifecycle.ts';
export {
  type MatchmakingOptions,
  type MatchmakingOptionsInput,
  type MatchSearch,
  matchmakingOptions,
  matchmakingPreset,
  matchSearches,
  table6,
} from './options.ts';
export { preselected } from './pre-selection.ts';
export { purify } from './purify.ts';
export { pairSerialBurst, serialBurst } from './serial-burst.ts';
export {
  allCoresCase,
  fastestSpaceSharing,
  isLowLoad,
  offersAllCores,
  partialCoresCase,
  partialCoresPpn,
  type SpaceSharing,
  spaceSharingGain,
  spaceSharingPpn,
  standardSpaceSharing,
} from './space-sharing.ts';
export {
  type GroupPeriod,
  type GroupTimeline,
  groupFootprint,
  groupTimeline,
  utilisationGain,
} from './utilisation-gain.ts';
export { canAdd, extendFromLaterBlocks, windowAt, windowGroups } from './window.ts';
