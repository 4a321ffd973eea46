import type { Job, OperationEvent } from '@js/core';
import { renderMatrix, type SchedulingMatrix } from '@js/gang';
import { checkGangInvariants, type MatrixWatcher, watchMatrix } from '@js/gang/testing';
import { defineGangDiscipline } from './define-gang.ts';
import type { GangRound, GangScheme } from './scheme.ts';

/** A rigid job of `size` processors running `runtime` seconds, no estimate (as in §2). */
export const job = (id: number, submit: number, size: number, runtime: number): Job => ({
  id,
  submit,
  size,
  runtime,
  estimate: Number.POSITIVE_INFINITY,
});

/** A job's expected line in a checked schedule. */
export const at = (id: number, start: number, end: number, processors: number) => ({
  id,
  start,
  end,
  processors,
});

/** Every operation applied, as `time job operation processors`. */
export function recorder() {
  const log: string[] = [];
  return {
    log,
    observer: {
      operation: (e: OperationEvent) =>
        log.push(`${e.time} ${e.job.id} ${e.operation} ${e.processors.join(',')}`),
    },
  };
}

/**
 * A scheme run as a discipline whose matrix is watched: every change checked by @js/gang's
 * reference model (each shift legal, each placement into idle cells), and after every round the
 * structural invariants (no cell with two jobs, a job on the same consecutive processors in all
 * its slots, both trees equal to their definition) plus whatever `check` adds. Problems are
 * collected as sentences; `drawings` keeps the matrix after each boundary.
 */
export function watched(
  name: string,
  scheme: GangScheme,
  check?: (matrix: SchedulingMatrix, round: GangRound) => string | undefined,
) {
  const problems: string[] = [];
  const drawings: string[] = [];
  let watcher: MatrixWatcher | undefined;
  let seen = 0;
  const discipline = defineGangDiscipline({
    name,
    summary: 'watched',
    source: 'test',
    scheme,
    probe: {
      created(matrix) {
        watcher = watchMatrix(matrix);
        seen = 0;
      },
      round(matrix, round) {
        for (; seen < watcher!.violations.length; seen++)
          problems.push(`t=${round.now}: ${watcher!.violations[seen]}`);
        for (const p of watcher!.compare()) problems.push(`t=${round.now}: ${p}`);
        for (const p of checkGangInvariants(matrix)) problems.push(`t=${round.now}: ${p}`);
        const extra = check?.(matrix, round);
        if (extra) problems.push(`t=${round.now}: ${extra}\n${renderMatrix(matrix)}`);
        if (round.boundary) drawings.push(`t=${round.now} S${round.active}\n${renderMatrix(matrix)}`);
      },
    },
  });
  return { discipline, problems, drawings };
}
