import { addJob, emptyJobs, emptySegments, type JobInput, type RunData, type SegmentInput } from './model.ts';

/** A run built from job records with their segments, as a reader or recorder would make it. */
export function runOf(
  label: string,
  jobs: readonly (JobInput & { segments?: readonly SegmentInput[] })[],
  processors = 8,
): RunData {
  const columns = emptyJobs();
  const segments = emptySegments();
  for (const { segments: own, ...job } of jobs) addJob(columns, segments, job, own ?? []);
  return { label, source: 'test', processors, counters: {}, jobs: columns, segments };
}

/** A rigid job that ran on processors first…last from start to end. */
export function rigid(id: number, submit: number, start: number, end: number, first: number, last: number) {
  return {
    id,
    submit,
    start,
    end,
    processors: last - first + 1,
    boundedSlowdown: Math.max(1, (end - submit) / Math.max(end - start, 10)),
    backfilled: false,
    segments: [{ from: start, to: end, processors: [[first, last]] as [number, number][], began: 'start' }],
  };
}
