import {
  type DisciplineEnvironment,
  instantTolerance,
  type Scheduler,
  type SchedulingContext,
  type TimerHandle,
} from '@js/core';
import { SchedulingMatrix } from '@js/gang';
import { GangMetrics } from './gang-metrics.ts';
import { LogicalArray } from './logical-array.ts';
import type { GangOptions } from './options.ts';
import { SlotRotation } from './rotation.ts';
import { switchToSlot } from './row-switch.ts';
import type { GangProbe, GangScheme } from './scheme.ts';

/**
 * Gang scheduling with a scheduling matrix (§1–§3), the part the five schemes share.
 *
 * Time goes in slot boundaries: the running slot runs for one quantum, then all processors
 * switch to the next slot. The matrix changes only at boundaries — new jobs are placed, slots
 * deleted, jobs re-packed and given extra slots — so a running job is never moved mid-quantum
 * and, with whole-slot runtimes, every job ends exactly at a boundary. Hence:
 * - a job arriving mid-quantum waits (pending) until the next boundary, as it would in a
 *   slot-driven simulation; but a job arriving when the matrix holds no job starts a boundary
 *   at once — there is no rotation to keep in step with;
 * - a job finishing mid-quantum frees its cells at once, and if it was the slot's last job the
 *   processors stay idle until the boundary: the switch is driven by the clock at every
 *   processor (§1), not by the departure;
 * - a quantum shorter than the profile's minimum run before suspend would have every switch
 *   refused, so the slot lasts the longer of the two; a boundary delayed by the profile's
 *   decision interval or an overhead starts the next quantum from when it actually happens.
 *
 * New jobs are placed first come, first served. The paper's memory is unlimited (§6), so every
 * job is placed on arrival; here a placed job is resident with its resources, so a job whose
 * resource demand is not free, or none of whose blocks has room under the multiprogramming
 * limit, waits — and so do the jobs behind it, so that it cannot be overtaken forever.
 */
export function gangScheduler(
  scheme: GangScheme,
  options: GangOptions,
  env: DisciplineEnvironment,
  probe?: GangProbe,
): Scheduler {
  const { profile, machine } = env;
  const array = new LogicalArray(
    env.processors,
    Math.min(profile.multiprogrammingLimit, machine.multiprogrammingLimit),
  );
  const matrix = new SchedulingMatrix(array.width);
  const rotation = new SlotRotation(matrix, options.newSlot);
  const metrics = new GangMetrics(array.size, options.quantum);
  const slotLength = Math.max(options.quantum, profile.minRunBeforeSuspend);
  const minimumRun = profile.minRunBeforeSuspend;
  let boundaryAt = Number.POSITIVE_INFINITY;
  let boundaryTimer: TimerHandle | undefined;
  let retryAt = Number.POSITIVE_INFINITY;
  let shownRow = -1;
  probe?.created?.(matrix);

  /** New jobs into the matrix, oldest first; returns whether any arrived (placed or waiting). */
  function placeArrivals(ctx: SchedulingContext): boolean {
    let arrivals = false;
    for (const job of ctx.jobs.pending) {
      if (job.state !== 'pending') continue;
      arrivals = true;
      if (!ctx.machine.fits(0, job.demand) || !array.anyEligible(job.size)) break;
      scheme.allocate(matrix, { id: job.id, size: job.size }, (block) => array.eligible(block, job.size));
      const { start } = matrix.job(job.id)!;
      array.reside(start, job.size, 1);
      ctx.place(job, { processors: array.processorsOf(start, job.size) });
    }
    return arrivals;
  }

  // A scheme's reshape depends only on the matrix and whether jobs arrived, and leaves a fixed
  // point: with neither changed since the last one, it would change nothing, so it is skipped
  // (most boundaries of a long run only rotate).
  let changed = true;
  let lastArrivals = true;
  /** The last boundary left no job in the matrix: nothing has run since, and the next starts anew. */
  let standsEmpty = true;
  /** When the rotation came to rest on a single slot (NaN: it is not resting). */
  let restingSince = Number.NaN;
  matrix.subscribe(() => {
    changed = true;
  });

  function boundary(ctx: SchedulingContext): void {
    if (standsEmpty) rotation.restart();
    const arrivals = placeArrivals(ctx);
    if (changed || arrivals || lastArrivals) scheme.reshape(matrix, { arrivals });
    changed = false;
    lastArrivals = arrivals;
    rotation.endBoundary();
    standsEmpty = matrix.jobCount === 0;
    if (boundaryTimer !== undefined) ctx.cancelTimer(boundaryTimer);
    boundaryTimer = undefined;
    boundaryAt = Number.POSITIVE_INFINITY;
    const waiting = ctx.jobs.pending.some((j) => j.state === 'pending');
    // One slot and nobody waiting: every boundary would run the same slot again and change
    // nothing, so none is kept until a job arrives (boundaries then resume in step).
    if (matrix.slots === 1 && matrix.jobCount > 0 && !waiting) {
      restingSince = ctx.now;
      return;
    }
    // Jobs in the matrix: the next boundary. None, but some wait for resources held elsewhere
    // (another partition's jobs, whose departures do not wake this one): look again then.
    if (matrix.jobCount > 0 || waiting) setBoundary(ctx, ctx.now + slotLength);
  }

  function setBoundary(ctx: SchedulingContext, at: number): void {
    boundaryAt = at;
    boundaryTimer = ctx.setTimer(at, 'slot');
  }

  /** The boundary a resting rotation would have reached by now or next: in step with its quanta. */
  function wake(ctx: SchedulingContext): void {
    const quanta = Math.ceil((ctx.now - restingSince) / slotLength - 1e-9);
    const at = restingSince + Math.max(1, quanta) * slotLength;
    restingSince = Number.NaN;
    if (at <= ctx.now + instantTolerance(ctx.now)) boundaryAt = ctx.now;
    else setBoundary(ctx, at);
  }

  return {
    schedule(ctx) {
      metrics.advance(ctx.now);
      for (const t of ctx.triggers) {
        if (t.kind === 'completion' || t.kind === 'killed') metrics.departed(t.job, ctx.now);
        if ((t.kind === 'completion' || t.kind === 'killed') && matrix.hasJob(t.job.id)) {
          array.reside(matrix.job(t.job.id)!.start, t.job.size, -1);
          matrix.depart(t.job.id);
        }
      }
      if (!Number.isNaN(restingSince) && ctx.jobs.pending.some((j) => j.state === 'pending')) wake(ctx);
      const atBoundary = ctx.now >= boundaryAt - instantTolerance(ctx.now) || matrix.jobCount === 0;
      if (atBoundary) boundary(ctx);
      // A switch names the running row whenever it differs from the one last named, so that
      // observers can cut the stretches of jobs that run on through the boundary.
      const row = rotation.active;
      const changed = row >= 0 && row !== shownRow;
      if (changed) shownRow = row;
      const slot = rotation.jobsOfActiveSlot();
      const wait = switchToSlot(ctx, slot, { row, changed }, minimumRun, profile.suspend === 0);
      if (wait < retryAt || retryAt <= ctx.now) {
        retryAt = wait;
        if (wait < Number.POSITIVE_INFINITY) ctx.setTimer(wait, 'minimum run');
      }
      metrics.settle(ctx, matrix.slots);
      probe?.round?.(matrix, { now: ctx.now, active: rotation.active, boundary: atBoundary });
    },
  };
}
