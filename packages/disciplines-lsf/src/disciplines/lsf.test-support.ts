import type { Job, OperationEvent } from '@js/core';

/** A rigid job of `size` processors running `runtime` seconds (its estimate exact). */
export const rigid = (id: number, submit: number, size: number, runtime: number): Job => ({
  id,
  submit,
  size,
  runtime,
  estimate: runtime,
});

/** A job that may run on minSize..maxSize processors, linear speedup, `runtimeOnMax` s on maxSize. */
export const malleable = (
  id: number,
  submit: number,
  minSize: number,
  maxSize: number,
  runtimeOnMax: number,
): Job => ({
  id,
  submit,
  size: maxSize,
  minSize,
  maxSize,
  runtime: runtimeOnMax,
  estimate: runtimeOnMax,
});

/** A job's expected line in a checked schedule. */
export const at = (id: number, start: number, end: number, processors: number) => ({
  id,
  start,
  end,
  processors,
});

/** Every operation applied, as [time, job, operation, processors]. */
export function recorder() {
  const log: [number, number, string, readonly number[]][] = [];
  return {
    log,
    observer: { operation: (e: OperationEvent) => log.push([e.time, e.job.id, e.operation, e.processors]) },
  };
}
