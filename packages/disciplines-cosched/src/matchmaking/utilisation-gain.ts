import { groupSlowdown, type MatchContext, type Member } from './job.ts';

/** One period t_q of formula 6: between two changes of the group (a matched job ends). */
export interface GroupPeriod {
  readonly start: number;
  readonly end: number;
  /** Ids of the matched jobs running in this period (x_1 … x_{F_q}). */
  readonly running: readonly number[];
  /** SL_q: the primary is held back by its slowest partner (max SL_{A,x}). */
  readonly primarySlowdown: number;
}

/** How a group would run, from its start (time 0) until it is disbanded (§4.4, §4.6). */
export interface GroupTimeline {
  readonly periods: readonly GroupPeriod[];
  /** t_total: the group lives until the primary or the last matched job ends. */
  readonly duration: number;
  /** When the primary ends, if inside the group's life (else it goes on alone after). */
  readonly primaryEnd: number | undefined;
  /** When each matched job ends, if inside the group's life (else it goes on alone after). */
  readonly matchedEnds: ReadonlyMap<number, number>;
  /** Base seconds of work left to the primary when the group is disbanded. */
  readonly primaryLeft: number;
}

/**
 * The periods of formula 6. A matched job i runs at 1 / SL_{i,A} for the whole group, so it ends at
 * remaining_i · SL_{i,A}; the primary runs at 1 / SL_q, SL_q the largest SL_{A,x} of the matched jobs
 * still running. The group is disbanded when the primary ends or all matched jobs have ended (§4.4).
 */
export const groupTimeline = (
  primary: Member,
  matched: readonly Member[],
  context: MatchContext,
): GroupTimeline => {
  const ends = matched
    .map((m) => ({ id: m.job.id, end: m.job.remaining * groupSlowdown(m, primary, context), m }))
    .sort((a, b) => a.end - b.end);
  const primarySlowdownWith = new Map(matched.map((m) => [m.job.id, groupSlowdown(primary, m, context)]));
  const periods: GroupPeriod[] = [];
  const matchedEnds = new Map<number, number>();
  let now = 0;
  let left = primary.job.remaining;
  let next = 0;
  while (next < ends.length && left > 0) {
    const running = ends.slice(next);
    const slq = Math.max(...running.map((r) => primarySlowdownWith.get(r.id)!));
    const end = ends[next]!.end;
    const primaryDoneAt = now + left * slq;
    const stop = Math.min(end, primaryDoneAt);
    if (stop > now)
      periods.push({ start: now, end: stop, running: running.map((r) => r.id), primarySlowdown: slq });
    left = primaryDoneAt <= end ? 0 : left - (stop - now) / slq;
    now = stop;
    // Matched jobs ending together with (or before) the primary end inside the group.
    while (next < ends.length && ends[next]!.end <= now) matchedEnds.set(ends[next]!.id, ends[next++]!.end);
  }
  return { periods, duration: now, primaryEnd: left === 0 ? now : undefined, matchedEnds, primaryLeft: left };
};

/**
 * Nodes the group occupies. Formula 6 assumes the matched jobs need no more nodes than the primary
 * (S_A / PPN_A); when they need up to MATCHED_LARGER more, their extra nodes are counted too.
 */
export const groupFootprint = (primary: Member, matched: readonly Member[]): number =>
  Math.max(
    primary.nodes,
    matched.reduce((sum, m) => sum + m.nodes, 0),
  );

/**
 * U_gain, formula 6 (§4.6): the work the group does, in node-seconds at one process per node
 * (S_i / SL_{i,A} per second for a matched job, S_A / SL_q for the primary), less the node-seconds
 * the group holds, relative to the latter:
 *
 *   U_gain = (Σ_q (Σ_{i∈q} t_q·S_i/SL_{i,A} + t_q·S_A/SL_q) − t_total·S_A/PPN_A) / (t_total·S_A/PPN_A)
 *
 * It is a relative gain, so shorter matches are preferred when all else is equal (§4.6). An empty or
 * zero-length group has no gain (−∞).
 */
export const utilisationGain = (
  primary: Member,
  matched: readonly Member[],
  context: MatchContext,
): { gain: number; timeline: GroupTimeline } => {
  const timeline = groupTimeline(primary, matched, context);
  if (matched.length === 0 || timeline.duration <= 0) return { gain: -Infinity, timeline };
  const byId = new Map(matched.map((m) => [m.job.id, m]));
  let work = 0;
  for (const q of timeline.periods) {
    const tq = q.end - q.start;
    for (const id of q.running) {
      const m = byId.get(id)!;
      work += (tq * m.job.size) / groupSlowdown(m, primary, context);
    }
    work += (tq * primary.job.size) / q.primarySlowdown;
  }
  const held = timeline.duration * groupFootprint(primary, matched);
  return { gain: (work - held) / held, timeline };
};
