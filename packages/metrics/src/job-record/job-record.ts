import type { JobEnding, JobOutcome } from '@js/core';
import { boundedSlowdown, DEFAULT_BOUNDED_SLOWDOWN_THRESHOLD, slowdown } from './slowdown.ts';

/** One line of a written schedule: a flat record, ready for CSV or JSON. Times in seconds. */
export interface JobRecord {
  readonly id: number;
  readonly submit: number;
  readonly start: number;
  readonly end: number;
  /** start − submit. */
  readonly wait: number;
  /** end − submit (wait + run time, plus any time spent preempted). */
  readonly response: number;
  /** Seconds the job spent making progress. */
  readonly runTime: number;
  /** Processors at its first start. */
  readonly processors: number;
  readonly slowdown: number;
  readonly boundedSlowdown: number;
  readonly ending: JobEnding;
  readonly backfilled: boolean;
}

/** Column order for writers (CSV header, JSON key order). */
export const jobRecordFields = [
  'id',
  'submit',
  'start',
  'end',
  'wait',
  'response',
  'runTime',
  'processors',
  'slowdown',
  'boundedSlowdown',
  'ending',
  'backfilled',
] as const satisfies readonly (keyof JobRecord)[];

/** The flat record of a job that left the system; `boundedSlowdownThreshold` is τ in seconds. */
export function jobRecord(
  outcome: JobOutcome,
  boundedSlowdownThreshold: number = DEFAULT_BOUNDED_SLOWDOWN_THRESHOLD,
): JobRecord {
  const { job, start, end, runTime } = outcome;
  const response = end - job.submit;
  return {
    id: job.id,
    submit: job.submit,
    start,
    end,
    wait: start - job.submit,
    response,
    runTime,
    processors: outcome.processors,
    slowdown: slowdown(response, runTime),
    boundedSlowdown: boundedSlowdown(response, runTime, boundedSlowdownThreshold),
    ending: outcome.ending,
    backfilled: outcome.backfilled,
  };
}
