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

/** What one `switch` does: the jobs it suspends and resumes, and the time slot it brings in. */
export interface SwitchChange {
  readonly suspend?: readonly JobView[];
  readonly resume?: readonly JobView[];
  /** The time slot running from now on (a whole number ≥ 0), for observers only. */
  readonly slot?: number;
}

/** A read-only set of processor ids. */
export interface ProcessorSetView {
  readonly size: number;
  /** Whether the processor with this id is in the set. */
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
  /** This discipline's job with that id once it has arrived, else undefined (another partition's jobs stay hidden). */
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
  /** The note kept on one of this discipline's jobs; undefined if none, or once the job's leaving round is over. */
  get(job: JobView): unknown;
  /** Keep a note on one of this discipline's jobs (another's job is refused). */
  set(job: JobView, value: unknown): void;
  /** Drop the note kept on a job. */
  delete(job: JobView): void;
  /** The note kept on a processor; undefined if none. It stays until replaced, whatever runs there. */
  processor(processor: number): unknown;
  /** Keep a note on a processor (e.g. the gang row it serves), replacing the previous one. */
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
  /** Start a waiting job, or restart a checkpointed one, on the processors placed (default: its requested size, or its last count on restart); costs the dispatch time. */
  start(job: JobView, placement?: Placement): void;
  /** Make a waiting job resident on processors without running it (a gang row not yet active). */
  place(job: JobView, placement: Placement): void;
  /** Preempt a running job in place: it stops progressing and frees its processors but stays resident, keeping memory and resources. */
  suspend(job: JobView): void;
  /** Run a suspended job again on the processors it is resident on, which must be idle. */
  resume(job: JobView): void;
  /**
   * Suspend some jobs and resume others as one validated step (gang rows, time slices). `slot`
   * names the time slot that runs from now on (a row of the discipline's own matrix, from 0):
   * observers see it (`RunObserver.slot`, e.g. a Gantt drawn row by row); it changes nothing in
   * the run. A switch may name only a slot, with no job to suspend or resume, when the jobs of
   * the new slot are those running already.
   */
  switch(change: SwitchChange): void;
  /** Save the job's state; after the checkpoint cost it releases everything. Restart with start(). */
  checkpoint(job: JobView): void;
  /** Change a malleable job's processor count (grow onto idle processors, shrink by releasing). */
  resize(job: JobView, processors: number | ArrayLike<number>): void;
  /** Wake the discipline at time `at` (> now). */
  setTimer(at: number, tag?: string): TimerHandle;
  /** Withdraw one of this discipline's timers; nothing happens if it already fired or was cancelled. */
  cancelTimer(timer: TimerHandle): void;
  /**
   * Declare the time by which the discipline guarantees to start a waiting job (EASY's head,
   * every job under conservative). Recorded for the invariant checkers; not enforced here.
   */
  reserve(job: JobView, at: number): void;
  /** Report one of the discipline's own counters (groups formed, slots in use…); the last value wins. */
  count(name: string, value: number): void;
}
