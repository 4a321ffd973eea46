/**
 * The 18 fields of a Standard Workload Format job line, in file order, with the names the
 * Parallel Workloads Archive's format definition gives them. Errors quote `name`; code
 * addresses a field by `key` (or its 0-based index in `job.swf`).
 */
export const swfFields = [
  { key: 'jobNumber', name: 'job number' },
  { key: 'submitTime', name: 'submit time' },
  { key: 'waitTime', name: 'wait time' },
  { key: 'runTime', name: 'run time' },
  { key: 'allocatedProcessors', name: 'allocated processors' },
  { key: 'averageCpuTime', name: 'average CPU time used' },
  { key: 'usedMemory', name: 'used memory' },
  { key: 'requestedProcessors', name: 'requested processors' },
  { key: 'requestedTime', name: 'requested time' },
  { key: 'requestedMemory', name: 'requested memory' },
  { key: 'status', name: 'status' },
  { key: 'userId', name: 'user ID' },
  { key: 'groupId', name: 'group ID' },
  { key: 'executableNumber', name: 'executable number' },
  { key: 'queueNumber', name: 'queue number' },
  { key: 'partitionNumber', name: 'partition number' },
  { key: 'precedingJobNumber', name: 'preceding job number' },
  { key: 'thinkTime', name: 'think time' },
] as const;

/** The key of one of the 18 SWF fields (`submit`, `runTime`, `requestedProcessors`…), in field order. */
export type SwfFieldKey = (typeof swfFields)[number]['key'];

/** Fields per job line. */
export const SWF_FIELD_COUNT = 18;

/** The value SWF uses for "unknown" in every field. */
export const SWF_UNKNOWN = -1;

/** 0-based position of each field in a job line (and in `job.swf`). */
export const swfFieldIndex = Object.fromEntries(swfFields.map((f, i) => [f.key, i])) as Readonly<
  Record<SwfFieldKey, number>
>;

/** Field name for messages: `field 4 'run time'`. */
export const describeSwfField = (index: number): string =>
  index < SWF_FIELD_COUNT ? `${index + 1} '${swfFields[index]!.name}'` : `${index + 1}`;
