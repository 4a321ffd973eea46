import type { AvailabilityProfile } from '@js/blocks';
import type { DisciplineEnvironment, JobView, SchedulingContext } from '@js/core';
import type { JobType } from './job-type.ts';
import type { Slice } from './timetable.ts';
import type { JobNote } from './virtual-machine.ts';

/** How a waiting job would run under a policy's placement. */
export interface SpacePlan {
  /** Processors it holds in its virtual machine's profile (whole nodes under space sharing). */
  readonly footprint: number;
  /** Expected run time: its estimate stretched by the slowdown its placement brings (Infinity if unknown). */
  readonly runtime: number;
}

/**
 * What a policy plugged into the Scojo-PECT frame decides: how the jobs of the slice's type are
 * placed on nodes. `ssp` places one job per node with formula 8's processes per node; a group
 * matchmaking policy (`glts`) may give `startJobs` its own step (Cases 1–5 of §4.4) and keep the
 * frame's slices, swapping and non-type slice backfilling, as §4.7 puts G-LOMARC-TS "per virtual
 * machine" that "does not even need to know about the existence of time slices".
 */
export interface PlacementPolicy<P extends SpacePlan = SpacePlan> {
  /** How a waiting job would run; asked once per job (its estimate and traits do not change). */
  plan(job: JobView): P;
  /** What a started job holds in its virtual machine, in processors, for {@link remaining} seconds. */
  held(job: JobView, ctx: SchedulingContext): number;
  /**
   * Processors for `job` now, each passing `usable`; undefined when they do not suffice. A job
   * needs at least its plan's footprint of usable processors (whole nodes: their every core).
   */
  choose(job: JobView, plan: P, usable: (processor: number) => boolean): number[] | undefined;
  /**
   * Start jobs of the slice's type (default: {@link startDueJobs}, FCFS with conservative
   * backfilling, each job starting when its reservation in the type's virtual time is due).
   */
  startJobs?(step: SliceStep): void;
  /**
   * Seconds a started job still needs (default: by the context's estimate). A policy that knows a
   * job's pace better (its contention slowdown under the placement it chose) says so here.
   */
  remaining?(ctx: SchedulingContext, job: JobView): number;
  /**
   * Most distinct jobs the policy lets run on one node: a swapped-out job resumes only where that
   * still holds (its node's other cores may have been lent to another type meanwhile).
   */
  readonly jobsPerNode?: number;
  /** The frame started, swapped out or resumed a job: what the policy derived from placements is stale. */
  changed?(operation: 'start' | 'suspend' | 'resume', job: JobView): void;
  /** Called at the start of every decision round, before anything else. */
  beginRound?(ctx: SchedulingContext): void;
  /** A job of the policy's discipline completed (or was killed) this round. */
  departed?(ctx: SchedulingContext, job: JobView): void;
  /** Called at the end of every decision round with the slice in force. */
  endRound?(ctx: SchedulingContext, timing: SliceTiming): void;
  /** Whether a job in the system has run in a group (a policy that forms groups; for the node figures). */
  readonly ranInGroup?: (id: number) => boolean;
}

/** When a type's virtual time reaches real time: to predict real response times (§4.1). */
export interface SliceTiming {
  readonly slice: Slice | undefined;
  /** Real time at which `type` will have had `seconds` more of its slices, from now. */
  project(type: JobType, seconds: number): number;
  /** A type's virtual clock. */
  clock(type: JobType): number;
}

/** What a policy's start step sees: the slice's type, its virtual machine and the means to start. */
export interface SliceStep {
  readonly ctx: SchedulingContext;
  readonly slice: Slice;
  readonly type: JobType;
  /** The type's availability profile in its virtual time, reservations in place. */
  readonly profile: AvailabilityProfile;
  /** The type's virtual clock: seconds its slices have run. */
  readonly clock: number;
  /** The type's waiting jobs in reservation order, with their reservations (virtual time; Infinity: none). */
  readonly queue: readonly {
    readonly job: JobView;
    readonly plan: SpacePlan;
    readonly at: number;
    /** The frame's note: a policy that moves reservations itself writes `note.at`. */
    readonly note: JobNote;
  }[];
  readonly timing: SliceTiming;
  /** Whether a job of the type may start on a processor now (idle, not held in the type's machine, residency). */
  usable(processor: number): boolean;
  /** Start a job on processors; false (nothing done) if the machine cannot take it now. */
  start(job: JobView, processors: readonly number[]): boolean;
}

/** Makes a policy for a run, from the discipline's options. */
export type PolicyFactory<O> = (options: O, env: DisciplineEnvironment) => PlacementPolicy;

/** The frame's default start step: each job whose reservation is due starts, in reservation order. */
export function startDueJobs(step: SliceStep, policy: PlacementPolicy): void {
  for (const { job, plan, at } of step.queue) {
    if (at > step.clock + 1e-9) continue;
    const processors = policy.choose(job, plan, step.usable);
    if (processors) step.start(job, processors);
  }
}
