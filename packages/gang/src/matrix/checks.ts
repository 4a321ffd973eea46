import type { GangErrorCode } from '../errors/gang-error.ts';
import {
  type Entry,
  isValidJobId,
  type JobId,
  type JobRecord,
  type JobSpec,
  type LegalShift,
} from './types.ts';

type Fail = (code: GangErrorCode, detail: string) => never;

/**
 * Check a new job's id and geometry on an `n`-processor matrix: `width` processors from `start`,
 * `size` (default `width`) of them used. Returns the spec with its size filled in.
 */
export function checkSpec(spec: JobSpec, n: number, fail: Fail): Required<JobSpec> {
  const { id, start, width } = spec;
  const size = spec.size ?? width;
  if (!isValidJobId(id)) {
    fail(
      'INVALID_ARGUMENT',
      `job id must be a finite number or a non-empty string without spaces, other than '.'; got ${JSON.stringify(id)}`,
    );
  }
  if (!Number.isInteger(width) || width < 1 || width > n) {
    fail('INVALID_ARGUMENT', `job ${String(id)}: width must be an integer in 1..${n}, got ${width}`);
  }
  if (!Number.isInteger(start) || start < 0 || start + width > n) {
    fail(
      'INVALID_ARGUMENT',
      `job ${String(id)}: processors ${start}..${start + width - 1} are not within 0..${n - 1}`,
    );
  }
  if (!Number.isInteger(size) || size < 1 || size > width) {
    fail('INVALID_ARGUMENT', `job ${String(id)}: size must be an integer in 1..${width}, got ${size}`);
  }
  return { id, start, width, size };
}

/**
 * Check a set of legal shifts before any is applied (§3): each names a known job, two slots that
 * exist and differ, a slot the job runs in, and no job instance twice. Returns, per shift, the
 * job's record, its cell handle and the index of `from` among its slots.
 */
export function resolveShifts(
  shifts: readonly LegalShift[],
  entryOf: (job: JobId) => Entry | undefined,
  checkSlot: (slot: number) => void,
  fail: Fail,
): { records: JobRecord[]; handles: number[]; indices: number[] } {
  const records: JobRecord[] = [];
  const handles: number[] = [];
  const indices: number[] = [];
  const seen = new Set<string>();
  for (const { job, from, to } of shifts) {
    const entry = entryOf(job);
    if (entry === undefined) fail('UNKNOWN_JOB', `cannot shift job ${String(job)}: no such job`);
    const { record, handle } = entry;
    checkSlot(from);
    checkSlot(to);
    if (from === to) fail('ILLEGAL_SHIFT', `cannot shift job ${String(job)} from slot ${from} to itself`);
    const index = record.slots.indexOf(from);
    if (index < 0) {
      fail(
        'ILLEGAL_SHIFT',
        `cannot shift job ${String(job)} out of slot ${from}: it runs in slots ${record.slots.join(', ')}`,
      );
    }
    const key = `${handle}:${from}`;
    if (seen.has(key)) {
      fail('ILLEGAL_SHIFT', `job ${String(job)} is shifted out of slot ${from} twice in one re-packing`);
    }
    seen.add(key);
    records.push(record);
    handles.push(handle);
    indices.push(index);
  }
  return { records, handles, indices };
}
