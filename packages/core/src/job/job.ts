import type { TraitKnowledge } from '../engine/knowledge.ts';

/**
 * Execution time of a job on `p` processors, in seconds (with no contention). This is physics
 * (`10-architecture.md` §1): the engine derives progress rates from it; a discipline sees it only
 * when the run's knowledge setting allows.
 */
export type ExecutionTime = (p: number) => number;

/**
 * The one job record, whatever the source (SWF trace, synthetic model, test).
 *
 * Progress is tracked as the fraction of the job done; on p processors it advances at
 * 1 / executionTime(p) per second, so rate changes (resize, time slicing, slowdown) are exact.
 */
export interface Job {
  /** Unique within a workload (the SWF job number for traces). */
  readonly id: number;
  /** Submit (arrival) time in seconds. */
  readonly submit: number;
  /** Processors requested: the rigid size, or the preferred count of a moldable/malleable job. */
  readonly size: number;
  /** Fewest processors the job can run on (default: `size`, i.e. rigid). */
  readonly minSize?: number;
  /** Most processors the job can use (default: `size`). */
  readonly maxSize?: number;
  /** Actual execution time on `size` processors, in seconds. Hidden from disciplines by default. */
  readonly runtime: number;
  /** The user's runtime estimate (requested time) in seconds; Infinity when unknown. */
  readonly estimate: number;
  /**
   * Execution time on p processors. Default: `runtime` for a rigid job; linear speedup
   * (runtime·size / p) for a job with a processor range.
   */
  readonly executionTime?: ExecutionTime;
  /** Amounts of the machine's named resources besides processors (memory, disk, licences…). */
  readonly resources?: Readonly<Record<string, number>>;
  readonly user?: number;
  readonly group?: number;
  readonly queue?: number;
  readonly partition?: number;
  /** Extra per-job traits of a workload model (e.g. slowdown factors), by name. */
  readonly traits?: Readonly<Record<string, number>>;
  /**
   * Which knowledge setting reveals each trait to a discipline; an undeclared trait is hidden.
   * A model shares one object among all its jobs.
   */
  readonly traitKnowledge?: Readonly<Record<string, TraitKnowledge>>;
  /** The 18 original SWF fields, kept so a trace can be written back losslessly. */
  readonly swf?: readonly number[];
}

/** Fewest processors the job may run on. */
export const minProcessors = (job: Job): number => job.minSize ?? job.size;
/** Most processors the job may run on. */
export const maxProcessors = (job: Job): number => job.maxSize ?? job.size;
/** A job whose processor count cannot change. */
export const isRigid = (job: Job): boolean => minProcessors(job) === maxProcessors(job);

/** T(p) for a job, with the defaults of {@link Job.executionTime}. */
export function executionTimeOf(job: Job, p: number): number {
  if (job.executionTime) return job.executionTime(p);
  return p === job.size ? job.runtime : (job.runtime * job.size) / p;
}
