import { DisciplineError, SchedlabError } from '../errors/errors.ts';
import type { Trigger } from './context.ts';

/**
 * What to throw when a discipline's own code (`create`, `schedule`) threw `error`: ours as it is
 * (a refused operation is already located), anything else as a DisciplineError naming the
 * discipline, the time and what it was doing, so that no bare JavaScript error from plugin code
 * reaches the user. (A catch at the call site, not a wrapper closure: `schedule` is the hot path.)
 */
export function disciplineFailure(error: unknown, discipline: string, time: number, during: string): unknown {
  return error instanceof SchedlabError ? error : new DisciplineError(discipline, time, during, error);
}

/** `deciding on arrival of job 12 (and 2 more triggers)`. */
export function deciding(triggers: readonly Trigger[]): string {
  const first = triggers[0];
  if (!first) return 'deciding';
  const what =
    first.kind === 'timer'
      ? `timer '${first.tag}'`
      : first.kind === 'overhead-end'
        ? `the end of job ${first.job.id}'s ${first.operation} overhead`
        : `${first.kind} of job ${first.job.id}`;
  const more = triggers.length - 1;
  return `deciding on ${what}${more > 0 ? ` (and ${more} more trigger${more > 1 ? 's' : ''})` : ''}`;
}
