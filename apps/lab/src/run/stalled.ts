import { SchedlabError } from '@js/core';
import type { RunReport } from './execute.ts';

/** Exit status of a command whose run stalled (its report is printed first). */
export const STALLED_EXIT_CODE = 3;

/**
 * A run that ended `stalled`: jobs were left waiting and nothing more would happen (the
 * discipline never started them). Not a crash, but not a result either: the message says, per
 * stalled run, who waits and why.
 */
export class RunStalledError extends SchedlabError {
  readonly code = 'RUN_STALLED';
  readonly exitCode = STALLED_EXIT_CODE;
  constructor(readonly reports: readonly RunReport[]) {
    super(reports.map(explain).join('\n'));
  }
}

function explain(r: RunReport): string {
  const { result } = r;
  const waiting = result.stall?.waiting ?? result.inSystem;
  const shown = result.stall?.jobs ?? [];
  return [
    `${r.discipline} on ${r.workload.name} stalled at time ${result.now}: ${waiting} job${waiting === 1 ? '' : 's'} left waiting and nothing more would happen`,
    ...shown.map((sentence) => `  ${sentence}`),
    ...(waiting > shown.length ? [`  … and ${waiting - shown.length} more`] : []),
  ].join('\n');
}

/** Throw {@link RunStalledError} when any of the runs stalled. */
export function failIfStalled(reports: readonly RunReport[]): void {
  const stalled = reports.filter((r) => r.result.status === 'stalled');
  if (stalled.length) throw new RunStalledError(stalled);
}
