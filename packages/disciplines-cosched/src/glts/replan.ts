import type { AvailabilityProfile } from '@js/blocks';
import type { JobView } from '@js/core';
import type { JobNote } from '../scojo-pect/virtual-machine.ts';

/** A waiting job of the type with the frame's note (its plan and reservation). */
export interface Entry {
  readonly job: JobView;
  readonly note: JobNote;
}

/** A node a decision occupies: until `release` (seconds from now); the profile holds it until `held`. */
export interface NodeHold {
  readonly release: number;
  readonly held: number;
}

/** What a decision does to the type's plan. */
export interface Change {
  /** Waiting jobs that start now: their reservations go. */
  readonly starting: ReadonlySet<number>;
  /** Nodes the decision occupies (new ones, and running members' nodes it holds longer). */
  readonly nodes: readonly NodeHold[];
}

const NO_DEMAND: readonly number[] = [];
const finite = (at: number | undefined): at is number => at !== undefined && Number.isFinite(at);

/**
 * The conservative plan of §4.7 with a decision in place: the waiting jobs' reservations are
 * lifted, the decision's nodes taken, and every other waiting job put back in reservation order
 * where it stood if it still fits, else at its earliest fit (the frame's compression, so a job is
 * never planned later than the decision forces). Returns each waiting job's new reservation.
 *
 * With `commit`, the plan stays and the notes take the new reservations (the started jobs lose
 * theirs); without, the profile is restored exactly (every take is undone by a give). Needs
 * finite reservations only (a job of unknown runtime holds a `takeFree`, which cannot be undone).
 */
export function replan(
  profile: AvailabilityProfile,
  clock: number,
  perNode: number,
  queue: readonly Entry[],
  change: Change,
  commit: boolean,
): Map<number, number> {
  const lift = (e: Entry, at: number) =>
    profile.give(at, e.note.plan.runtime, e.note.plan.footprint, e.job.demand);
  const hold = (e: Entry, at: number) =>
    profile.take(at, e.note.plan.runtime, e.note.plan.footprint, e.job.demand);
  for (const e of queue) if (finite(e.note.at)) lift(e, e.note.at);
  for (const n of change.nodes)
    if (n.release > n.held) profile.take(clock + n.held, n.release - n.held, perNode, NO_DEMAND);
  const planned = new Map<number, number>();
  for (const e of queue) {
    if (change.starting.has(e.job.id)) continue;
    const { runtime, footprint } = e.note.plan;
    const was = e.note.at;
    const at =
      finite(was) && was >= clock && profile.fitsAt(was, runtime, footprint, e.job.demand)
        ? was
        : profile.earliest(runtime, footprint, e.job.demand);
    hold(e, at);
    planned.set(e.job.id, at);
  }
  if (commit) {
    for (const e of queue) e.note.at = planned.get(e.job.id);
    return planned;
  }
  for (const e of queue) {
    const at = planned.get(e.job.id);
    if (at !== undefined) lift(e, at);
  }
  for (const n of change.nodes)
    if (n.release > n.held) profile.give(clock + n.held, n.release - n.held, perNode, NO_DEMAND);
  for (const e of queue) if (finite(e.note.at)) hold(e, e.note.at);
  return planned;
}
