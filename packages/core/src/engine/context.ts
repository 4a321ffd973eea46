import type { Machine, ProcessorSet } from '@js/machine';
import type { JobView } from './job-view.ts';

/** What woke the discipline at this instant. */
export type Trigger =
  | { readonly kind: 'arrival'; readonly job: JobView }
  | { readonly kind: 'completion'; readonly job: JobView }
  | { readonly kind: 'killed'; readonly job: JobView }
  | { readonly kind: 'overhead-end'; readonly job: JobView; readonly operation: Operation }
  | { readonly kind: 'timer'; readonly tag: string };

export type Operation = 'start' | 'suspend' | 'resume' | 'checkpoint' | 'resize';

/** The machine as a discipline may see it (read-only). */
export interface MachineView {
  readonly spec: Machine;
  readonly processors: number;
  /** Processors with no running job. */
  readonly idleProcessors: number;
  /** The idle processors as a set (lowest members, aligned runs). Do not mutate. */
  readonly idle: ProcessorSet;
  /** Free amount of each named resource, machine order. */
  readonly free: Readonly<Float64Array>;
  /** Id of the job running on a processor, -1 if none. */
  readonly runningJob: Readonly<Int32Array>;
  /** Jobs resident on a processor. */
  readonly resident: Readonly<Uint16Array>;
  /** Whether `processors` processors and the job's demand are free now. */
  fits(processors: number, demand: ArrayLike<number>): boolean;
}

export interface JobsView {
  /** Waiting jobs as of this decision point, in arrival (FCFS) order. Jobs started during the
   * call keep their place in this array; their `state` changes at once. */
  readonly pending: readonly JobView[];
  readonly running: ReadonlySet<JobView>;
  readonly suspended: ReadonlySet<JobView>;
  readonly checkpointed: ReadonlySet<JobView>;
  byId(id: number): JobView | undefined;
}

/** Where to start a job: a processor count (the engine picks the lowest idle ones) or ids. */
export interface Placement {
  readonly processors?: number | ArrayLike<number>;
}

/**
 * The discipline's view of the world at one decision point plus the operations of the
 * paper's interaction layer (seed 000). Operations are validated on the spot and take effect
 * at once, with the platform profile's costs; a refused operation throws an InvariantViolation.
 */
export interface SchedulingContext {
  readonly now: number;
  readonly triggers: readonly Trigger[];
  readonly machine: MachineView;
  readonly jobs: JobsView;
  /** Estimated end of a job by its visible estimate (for running jobs; ≥ now). */
  estimatedEnd(job: JobView): number;
  start(job: JobView, placement?: Placement): void;
  suspend(job: JobView): void;
  resume(job: JobView): void;
  /** Save the job's state; after the checkpoint cost it releases everything. Restart with start(). */
  checkpoint(job: JobView): void;
  /** Change a malleable job's processor count (grow onto idle processors, shrink by releasing). */
  resize(job: JobView, processors: number | ArrayLike<number>): void;
  /** Wake the discipline at time `at` (> now). */
  setTimer(at: number, tag?: string): void;
  /**
   * Declare the time by which the discipline guarantees to start a waiting job (EASY's head,
   * every job under conservative). Recorded for the invariant checkers; not enforced here.
   */
  reserve(job: JobView, at: number): void;
}
