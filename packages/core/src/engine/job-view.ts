import type { Job } from '../job/job.ts';

export type JobState = 'pending' | 'running' | 'suspended' | 'checkpointed' | 'finished' | 'killed';

/**
 * What a discipline sees of a job: the request, the visible estimate, and the engine's
 * book-keeping. The true runtime is not here unless the knowledge setting says 'exact', in
 * which case `estimate` is the true runtime.
 */
export interface JobView {
  readonly id: number;
  readonly submit: number;
  /** Arrival order within the run, from 0: FCFS order. */
  readonly arrival: number;
  readonly size: number;
  readonly minSize: number;
  readonly maxSize: number;
  /** Runtime estimate on `size` processors, as the knowledge setting allows. */
  readonly estimate: number;
  /** Amounts of the machine's named resources, in the machine's resource order. */
  readonly demand: Readonly<Float64Array>;
  readonly user: number | undefined;
  readonly group: number | undefined;
  readonly queue: number | undefined;
  readonly traits: Readonly<Record<string, number>> | undefined;
  readonly state: JobState;
  /** Processors it runs on (or, when suspended, is resident on); empty otherwise. */
  readonly processors: Readonly<Int32Array>;
  /** Time of its first start; NaN before. */
  readonly firstStart: number;
  /** Seconds of progress so far. */
  readonly runTime: number;
  /** True while an operation's overhead is under way (no progress, resources held). */
  readonly inOverhead: boolean;
  /** Times it has been suspended, checkpointed, resized. */
  readonly preemptions: number;
  readonly checkpoints: number;
  readonly resizes: number;
  /** Execution time on p processors: only when the knowledge setting lets speedups be known. */
  readonly executionTime: ((p: number) => number) | undefined;
}

/** The job record behind a view: for the engine only, not part of the discipline API. */
export const recordOf: unique symbol = Symbol('schedlab.record');
export type WithRecord = { readonly [recordOf]: Job };
