import { type Group, isFeasible, makeGroup, primarySlowdownWith, type Setting } from './group.ts';

/**
 * §4.5 step 5, purify: the primary runs at the pace of its slowest partner (SL_q of formula 6), so
 * matched jobs are visited from the one that slows the primary most, and each is dropped when the
 * group without it gains at least as much (it contributed nothing). A group keeps one matched job at
 * least, stays feasible, and keeps `mustInclude` (Case 3 must place the first waiting job).
 */
export const purify = (setting: Setting, group: Group, mustInclude?: number): Group => {
  const slowestFirst = group.matched
    .map((m, order) => ({ m, order, slows: primarySlowdownWith(setting, m) }))
    .sort((a, b) => b.slows - a.slows || a.order - b.order);
  let current = group;
  for (const { m } of slowestFirst) {
    if (current.matched.length <= 1) break;
    if (m.job.id === mustInclude) continue;
    const without = makeGroup(
      setting,
      current.matched.filter((x) => x !== m),
    );
    if (isFeasible(without, setting) && without.gain >= current.gain) current = without;
  }
  return current;
};
