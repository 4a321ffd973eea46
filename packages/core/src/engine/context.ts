import type { Machine } from '@js/machine';
import type { JobView } from './job-view.ts';

/** A pending timer; pass it to `cancelTimer`. */
export interface TimerHandle {
  readonly id: number;
  readonly at: number;
  readonly tag: string;
}

/** What woke the discipline for this decision round. */
export type Trigger =
  | { readonly kind: 'arrival'; readonly job: JobView }
  | { readonly kind: 'completion'; readonly job: JobView }
  | { readonly kind: 'killed'; readonly job: JobView }
  | { readonly kind: 'overhead-end'; readonly job: JobView; readonly operation: Operation }
  | { readonly kind: 'timer'; readonly tag: string; readonly timer: TimerHandle };

/** The operations of the interaction layer, as observers and overhead ends name them. */
export type Operation = 'start' | 'restart' | 'place' | 'suspend' | 'resume' | 'checkpoint' | 'resize';

/** A read-only set of processor ids. */
export interface ProcessorSetView {
  readonly size: number;
  has(processor: number): boolean;
  /** The `count` lowest members. */
  lowest(count: number): Int32Array;
  /** Start of the first run of `length` consecutive members aligned to `align`, or -1. */
  firstRun(length: number, align?: number): number;
}

/** The machine as a discipline may see it: every accessor reads, none writes. */
export interface MachineView {
  readonly spec: Machine;
  /** The processors this discipline owns (all of them unless the run is partitioned). */
  readonly processors: number;
  /** Its processors with no running job. */
  readonly idleProcessors: number;
  readonly idle: ProcessorSetView;
  /** Free amount of the resource at `index` (machine order). */
  free(index: number): number;
  /** Id of the job running on a processor, -1 if none. */
  runningJob(processor: number): number;
  /** Ids of the jobs resident on a processor (running or suspended there); O(jobs in the system). */
  residents(processor: number): readonly number[];
  /** How many jobs are resident on a processor: `residents(p).length`, in constant time. */
  residentCount(processor: number): number;
  /** Whether `processors` of this discipline's processors and the demand are free now. */
  fits(processors: number, demand: ArrayLike<number>): boolean;
}

/**
 * The jobs of this discipline per state, in submission (arrival) order. `running`, `suspended`
 * and `checkpointed` are frozen snapshots; `pending` is the discipline's own array, which the
 * engine brings up to date once per round and never reads back.
 */
export interface JobsView {
  /** Waiting jobs as of this decision round. Jobs started during the call keep their place; their `state` changes at once. */
  readonly pending: readonly JobView[];
  readonly running: readonly JobView[];
  readonly suspended: readonly JobView[];
  readonly checkpointed: readonly JobView[];
  byId(id: number): JobView | undefined;
}

/** Where to start a job: a processor count (the engine picks the lowest idle ones) or ids. */
export interface Placement {
  readonly processors?: number | ArrayLike<number>;
}

/**
 * A discipline's own book-keeping, per job and per processor. A job's note is kept with the job:
 * readable while it is in the system and in the round that reports its leaving, gone after.
 * (A Map keyed by job views does the same job worse: its churn keeps departed jobs alive.)
 */
export interface Notes {
  get(job: JobView): unknown;
  set(job: JobView, value: unknown): void;
  delete(job: JobView): void;
  processor(processor: number): unknown;
  setProcessor(processor: number, value: unknown): void;
}

/**
 * The discipline's view of the world at one decision round plus the operations of the paper's
 * interaction layer (seed 000). It is a facade: nothing reachable from it leads to engine state or
 * to values the run's knowledge hides. Operations are validated on the spot and take effect at
 * once with the platform profile's costs; a refused operation throws an InvariantViolation naming
 * discipline, job, time and rule.
 */
export interface SchedulingContext {
  readonly now: number;
  readonly discipline: string;
  readonly triggers: readonly Trigger[];
  readonly machine: MachineView;
  readonly jobs: JobsView;
  readonly notes: Notes;
  /** Estimated end of a job by what the run lets it know (for started jobs; ≥ now). */
  estimatedEnd(job: JobView): number;
  start(job: JobView, placement?: Placement): void;
  /** Make a waiting job resident on processors without running it (a gang row not yet active). */
  place(job: JobView, placement: Placement): void;
  suspend(job: JobView): void;
  resume(job: JobView): void;
  /** Suspend some jobs and resume others as one validated step (gang rows, time slices). */
  switch(change: { readonly suspend?: readonly JobView[]; readonly resume?: readonly JobView[] }): void;
  /** Save the job's state; after the checkpoint cost it releases everything. Restart with start(). */
  checkpoint(job: JobView): void;
  /** Change a malleable job's processor count (grow onto idle processors, shrink by releasing). */
  resize(job: JobView, processors: number | ArrayLike<number>): void;
  /** Wake the discipline at time `at` (> now). */
  setTimer(at: number, tag?: string): TimerHandle;
  cancelTimer(timer: TimerHandle): void;
  /**
   * Declare the time by which the discipline guarantees to start a waiting job (EASY's head,
   * every job under conservative). Recorded for the invariant checkers; not enforced here.
   */
  reserve(job: JobView, at: number): void;
  /** Report one of the discipline's own counters (groups formed, slots in use…); the last value wins. */
  count(name: string, value: number): void;
}
