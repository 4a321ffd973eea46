import type { MachineSummary, MatchContext, MatchJob } from './job.ts';
import { type MatchmakingOptionsInput, type MatchSearch, matchmakingPreset } from './options.ts';

/**
 * Test jobs default to no contention at all (SL = 1), so hand-computed gains stay short: with every
 * slowdown 1, a group of an 8-node primary (16 processes, PPN 2) lasting t has
 * U_gain = (16·t + Σ S_i·min(T_i, t) − 8·t) / (8·t) = 1 + Σ S_i·min(T_i, t) / (8·t).
 */
export const waiting = (
  id: number,
  size: number,
  remaining: number,
  extra: Partial<MatchJob> = {},
): MatchJob => ({
  id,
  size,
  state: 'waiting',
  remaining,
  submit: id,
  slScr: 1,
  slSno: 1,
  ...extra,
});

export const running = (
  id: number,
  size: number,
  remaining: number,
  extra: Partial<MatchJob> = {},
): MatchJob => ({ ...waiting(id, size, remaining), state: 'running', ppn: 2, delay: 0, ...extra });

export const machine = (freeNodes: number): MachineSummary => ({
  freeNodes,
  coresPerNode: 4,
  cpusPerNode: 2,
});

/**
 * SL_cos by pair: `cos['a>b']` is the slowdown of job a while it shares nodes with job b; a pair not
 * listed has none (1).
 */
export const contextWith = (freeNodes: number, cos: Record<string, number> = {}): MatchContext => ({
  machine: machine(freeNodes),
  cosSlowdown: (of, partner) => cos[`${of.id}>${partner.id}`] ?? 1,
});

export const preset = (search: MatchSearch = 'glts', overrides: MatchmakingOptionsInput = {}) =>
  matchmakingPreset(search, overrides);

/** Matched ids of a group, in the group's order. */
export const ids = (group: { matched: readonly { job: MatchJob }[] } | undefined) =>
  group?.matched.map((m) => m.job.id);
