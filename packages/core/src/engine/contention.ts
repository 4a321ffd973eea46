import type { Machine } from '@js/machine';
import type { Job } from '../job/job.ts';

/** What a contention model may look at: the machine and who runs where. */
export interface Placement {
  readonly machine: Machine;
  /** The job running on a processor, or undefined. */
  runningOn(processor: number): Job | undefined;
}

/**
 * How co-located jobs slow each other (`10-architecture.md` §1: physics). The engine multiplies a
 * job's execution time on its allocation by `slowdown(…)` and re-rates every running job
 * whose node neighbours changed after each decision round. Registered like disciplines and chosen
 * per run; `none` is the default.
 */
export interface ContentionModel {
  readonly name: string;
  readonly summary: string;
  readonly source: string;
  /**
   * The factor by which `job`'s execution time stretches running on `processors` with the
   * co-runners `placement` shows: positive and finite; below 1 is a speedup (Zeng & Sodan's
   * self-slowdowns can be).
   */
  slowdown(job: Job, processors: ArrayLike<number>, placement: Placement): number;
}

/** No interference: a job runs at the speed its execution-time function gives. */
export const noContention: ContentionModel = Object.freeze({
  name: 'none',
  summary: 'no interference between co-located jobs',
  source: 'the usual simulation assumption',
  slowdown: () => 1,
});
