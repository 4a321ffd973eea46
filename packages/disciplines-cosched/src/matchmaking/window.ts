import {
  type Group,
  isFeasible,
  makeGroup,
  matchedNodes,
  type Setting,
  withinMatchedLarger,
} from './group.ts';
import type { Member } from './job.ts';

/**
 * One more job may join `matched`: MATCHED_LARGER still holds, and a waiting job still finds free
 * nodes (a running one brings its own nodes and can only lower what the group needs).
 */
export const canAdd = (setting: Setting, matched: readonly Member[], job: Member): boolean => {
  const { primary, context, options } = setting;
  const x = matchedNodes(matched) + job.nodes;
  if (!withinMatchedLarger(primary.nodes, x, options)) return false;
  if (job.job.state === 'running') return true;
  const held =
    (primary.job.state === 'running' ? primary.nodes : 0) +
    matched.filter((m) => m.job.state === 'running').reduce((s, m) => s + m.nodes, 0);
  return Math.max(primary.nodes, x) - held <= context.machine.freeNodes;
};

/**
 * §4.5 step 3, Fig. 4: a window as wide as the primary's nodes laid over the block from job `start`
 * on. It holds the consecutive jobs that begin inside it; the last may stick out by MATCHED_LARGER.
 * A job that sticks out further ends the window (windows are contiguous).
 */
export const windowAt = (setting: Setting, block: readonly Member[], start: number): Member[] => {
  const taken: Member[] = [];
  for (let i = start; i < block.length && matchedNodes(taken) < setting.primary.nodes; i++) {
    if (!canAdd(setting, taken, block[i]!)) break;
    taken.push(block[i]!);
  }
  return taken;
};

/** Every window over the block that makes a group (§4.5 step 3). */
export const windowGroups = (setting: Setting, block: readonly Member[]): Group[] =>
  block
    .map((_, start) => windowAt(setting, block, start))
    .filter((w) => w.length > 0)
    .map((w) => makeGroup(setting, w));

/**
 * §4.5 step 4: while the primary still has nodes without a partner, jobs of the later blocks join
 * the best group when that raises its gain; each such group is kept. With no group from step 3,
 * the search starts from an empty group (any first partner raises the gain from nothing).
 */
export const extendFromLaterBlocks = (
  setting: Setting,
  best: Group | undefined,
  later: readonly Member[],
): Group[] => {
  const kept: Group[] = [];
  let matched = best?.matched ?? [];
  let gain = best?.gain ?? -Infinity;
  for (const job of later) {
    if (matchedNodes(matched) >= setting.primary.nodes) break;
    if (!canAdd(setting, matched, job)) continue;
    const larger = makeGroup(setting, [...matched, job]);
    if (larger.gain <= gain) continue;
    matched = larger.matched;
    gain = larger.gain;
    if (isFeasible(larger, setting)) kept.push(larger);
  }
  return kept;
};
