import type { Job } from '@js/core';
import { swfFieldIndex as F, SWF_FIELD_COUNT, SWF_UNKNOWN } from './fields.ts';

/**
 * SWF record → {@link Job}.
 *
 * - `size` is the *requested* processors (field 8): a scheduler decides on what users ask for.
 *   Several logs never recorded the request (CTC-SP2 has -1 in field 8 throughout), and then the
 *   allocated processors (field 5) are the best evidence of the job's width, so field 5 is used
 *   whenever field 8 ≤ 0. This is the Parallel Workloads Archive's own convention and the one the
 *   trace facts in `shared/traces/SOURCES.md` are counted with.
 * - `estimate` is the requested time (field 9); -1 (and any value ≤ 0, which no scheduler would
 *   accept as a limit) means unknown → Infinity. The cleaning rules decide what to do with it.
 * - `resources.memory` is the job's whole requested memory in kilobytes: SWF's field 10 is per
 *   processor, and a resource demand is per job, so it is field 10 × size. Set only when known.
 * - user, group, queue, partition come from fields 12, 13, 15, 16 (undefined when -1).
 * - `swf` keeps all 18 values untouched, so the record can be written back losslessly even after
 *   cleaning has changed the job's runtime, size or estimate.
 */
export function jobFromSwfRecord(record: readonly number[]): Job {
  const requested = record[F.requestedProcessors]!;
  const requestedTime = record[F.requestedTime]!;
  const requestedMemory = record[F.requestedMemory]!;
  const size = requested > 0 ? requested : record[F.allocatedProcessors]!;
  return {
    id: record[F.jobNumber]!,
    submit: record[F.submitTime]!,
    size,
    runtime: record[F.runTime]!,
    estimate: requestedTime > 0 ? requestedTime : Number.POSITIVE_INFINITY,
    resources: requestedMemory > 0 && size > 0 ? { memory: requestedMemory * size } : undefined,
    user: known(record[F.userId]!),
    group: known(record[F.groupId]!),
    queue: known(record[F.queueNumber]!),
    partition: known(record[F.partitionNumber]!),
    swf: record,
  };
}

const known = (value: number): number | undefined => (value === SWF_UNKNOWN ? undefined : value);

/**
 * {@link Job} → SWF record: the job's own `swf` values when it came from a trace, otherwise a
 * record built from the job (synthetic workloads), with -1 for what a job does not know.
 */
export function swfRecordOfJob(job: Job): number[] {
  if (job.swf) return [...job.swf];
  const record: number[] = new Array(SWF_FIELD_COUNT).fill(SWF_UNKNOWN);
  record[F.jobNumber] = job.id;
  record[F.submitTime] = job.submit;
  record[F.runTime] = job.runtime;
  record[F.allocatedProcessors] = job.size;
  record[F.requestedProcessors] = job.size;
  record[F.requestedTime] = Number.isFinite(job.estimate) ? job.estimate : SWF_UNKNOWN;
  record[F.requestedMemory] =
    job.resources?.memory === undefined ? SWF_UNKNOWN : job.resources.memory / job.size;
  record[F.userId] = job.user ?? SWF_UNKNOWN;
  record[F.groupId] = job.group ?? SWF_UNKNOWN;
  record[F.queueNumber] = job.queue ?? SWF_UNKNOWN;
  record[F.partitionNumber] = job.partition ?? SWF_UNKNOWN;
  return record;
}
