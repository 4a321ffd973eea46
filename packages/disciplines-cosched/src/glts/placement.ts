import type { MachineView } from '@js/core';
import {
  type Group,
  groupSlowdown,
  type MachineSummary,
  type MatchContext,
  type Member,
  selfSlowdown,
} from '../matchmaking/index.ts';
import type { NodeLayout } from './layout.ts';

/** Where a group goes: processors for each member that starts, and who sits on each node. */
export interface GroupPlacement {
  /** The waiting members with their processors, the primary first (it starts first). */
  readonly starts: readonly { readonly id: number; readonly processors: readonly number[] }[];
  /** Each node of the group with the ids of the members on it (one or two, §4.5). */
  readonly nodes: ReadonlyMap<number, readonly number[]>;
}

/** What the placement reads of the machine at the decision point. */
export interface PlacementInput {
  readonly layout: NodeLayout;
  readonly machine: MachineView;
  /** Whether a job of the slice's type may start on a processor now. */
  readonly usable: (p: number) => boolean;
  /** Free nodes (every core usable), in the order they are taken. */
  readonly freeNodes: readonly number[];
  /** Processors of a running member. */
  readonly processorsOf: (id: number) => readonly number[];
}

/**
 * The nodes of a group (§4.4, §4.5, Fig. 2): "per node, only two jobs are coscheduled (one is the
 * primary job, the other one is one of the matched jobs)". A waiting primary takes the free cores
 * of its running partners' nodes first (Case 2), then free nodes at its group PPN; each waiting
 * matched job gets its own set of the primary's nodes in turn, and its processes beyond them
 * (MATCHED_LARGER) go to free nodes. A running member stays where it is (no migration, §4.7) and
 * shares only nodes that run it alone. Cores by {@link NodeLayout.spread}. Undefined when the
 * machine cannot take the group as it stands.
 */
export function placeGroup(group: Group, input: PlacementInput): GroupPlacement | undefined {
  const { layout, machine, usable } = input;
  const nodes = new Map<number, number[]>();
  const chosen = new Set<number>();
  const starts = new Map<number, number[]>();
  let nextFree = 0;
  const freeNode = (): number | undefined => input.freeNodes[nextFree++];
  const sit = (node: number, id: number) => {
    const on = nodes.get(node);
    if (on === undefined) nodes.set(node, [id]);
    else if (!on.includes(id)) on.push(id);
  };
  const put = (node: number, id: number, count: number): boolean => {
    const cores = layout.spread(
      node,
      count,
      (p) => usable(p) && !chosen.has(p),
      (p) => chosen.has(p) || machine.runningJob(p) !== -1,
    );
    if (cores === undefined) return false;
    for (const p of cores) chosen.add(p);
    starts.get(id)!.push(...cores);
    sit(node, id);
    return true;
  };

  const primary = group.primary;
  const members = [primary, ...group.matched];
  for (const m of members) {
    if (m.job.state !== 'running') continue;
    for (const node of layout.nodesOf(input.processorsOf(m.job.id))) {
      const on = layout.runningOn(machine, node);
      if (on.size !== 1 || !on.has(m.job.id)) return undefined;
      sit(node, m.job.id);
    }
  }
  let primaryNodes: number[];
  if (primary.job.state === 'running') {
    primaryNodes = layout.nodesOf(input.processorsOf(primary.job.id));
  } else {
    starts.set(primary.job.id, []);
    primaryNodes = [];
    let left = primary.job.size;
    for (const m of group.matched) {
      if (m.job.state !== 'running') continue;
      for (const node of layout.nodesOf(input.processorsOf(m.job.id))) {
        if (left === 0) break;
        const k = Math.min(primary.ppn, left);
        if (!put(node, primary.job.id, k)) return undefined;
        left -= k;
      }
    }
    while (left > 0) {
      const node = freeNode();
      const k = Math.min(primary.ppn, left);
      if (node === undefined || !put(node, primary.job.id, k)) return undefined;
      primaryNodes.push(node);
      left -= k;
    }
  }
  const alone = primaryNodes.filter((n) => nodes.get(n)!.length === 1);
  let next = 0;
  for (const m of group.matched) {
    if (m.job.state === 'running') continue;
    starts.set(m.job.id, []);
    let left = m.job.size;
    while (left > 0) {
      const node = next < alone.length ? alone[next++] : freeNode();
      const k = Math.min(m.ppn, left);
      if (node === undefined || !put(node, m.job.id, k)) return undefined;
      left -= k;
    }
  }
  for (const on of nodes.values()) if (on.length > 2) return undefined;
  return { starts: [...starts].map(([id, processors]) => ({ id, processors })), nodes };
}

/**
 * When each member ends, in wall seconds from now, by the group's timeline (formula 6's periods):
 * inside the group's life as the timeline says; after it is disbanded (§4.4) a member goes on
 * alone at its self slowdown with the work it has left.
 */
export function memberEnds(group: Group, context: MatchContext): Map<number, number> {
  const { timeline, primary } = group;
  const machine: MachineSummary = context.machine;
  const alone = (m: Member) => selfSlowdown(m.job, m.ppn, machine);
  const ends = new Map<number, number>();
  ends.set(primary.job.id, timeline.primaryEnd ?? timeline.duration + timeline.primaryLeft * alone(primary));
  for (const m of group.matched) {
    const inside = timeline.matchedEnds.get(m.job.id);
    if (inside !== undefined) {
      ends.set(m.job.id, inside);
      continue;
    }
    const left = Math.max(0, m.job.remaining - timeline.duration / groupSlowdown(m, primary, context));
    ends.set(m.job.id, timeline.duration + left * alone(m));
  }
  return ends;
}
