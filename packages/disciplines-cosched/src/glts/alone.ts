import type { AvailabilityProfile } from '@js/blocks';
import type { NodeLayout } from './layout.ts';
import type { Entry } from './replan.ts';

/** A waiting job alone on whole nodes (Cases 4 and 5, §4.4): where, and how it holds the plan. */
export interface AloneShape {
  readonly processors: readonly number[];
  /** Its planned run at the PPN it gets: the estimate times its self slowdown (§4.9). */
  readonly runtime: number;
  /** Every core of its nodes: no other job joins them while it runs alone. */
  readonly footprint: number;
}

/**
 * The job's processes on the first `nodes` free nodes at `ppn` per node (its CPUs first, §4.9),
 * with its run at `slowdown`; undefined when they do not take it.
 */
export function aloneShape(
  layout: NodeLayout,
  usable: (p: number) => boolean,
  e: Entry,
  at: { readonly ppn: number; readonly nodes: number; readonly slowdown: number },
  free: readonly number[],
): AloneShape | undefined {
  if (at.nodes > free.length) return undefined;
  const processors: number[] = [];
  let left = e.job.size;
  for (const node of free.slice(0, at.nodes)) {
    const cores = layout.spread(node, Math.min(at.ppn, left), usable, () => false);
    if (cores === undefined) return undefined;
    processors.push(...cores);
    left -= cores.length;
  }
  if (left > 0) return undefined;
  return { processors, runtime: e.job.estimate * at.slowdown, footprint: at.nodes * layout.perNode };
}

/**
 * Whether the shape fits the type's plan from `clock` with the job's own reservation lifted, so
 * that it delays no reservation (conservative backfilling, §4.7). With `start`, the job is started
 * when it fits and the shape replaces its reservation in the plan; otherwise the plan is left as
 * it was.
 */
export function admits(
  profile: AvailabilityProfile,
  clock: number,
  e: Entry,
  shape: AloneShape,
  start?: () => boolean,
): boolean {
  const { plan, at } = e.note;
  const lifted = at !== undefined && Number.isFinite(at);
  if (lifted) profile.give(at, plan.runtime, plan.footprint, e.job.demand);
  const fits = profile.fitsAt(clock, shape.runtime, shape.footprint, e.job.demand);
  if (fits && start?.()) {
    profile.take(clock, shape.runtime, shape.footprint, e.job.demand);
    e.note.at = undefined;
    return true;
  }
  if (lifted) profile.take(at, plan.runtime, plan.footprint, e.job.demand);
  return fits && start === undefined;
}
