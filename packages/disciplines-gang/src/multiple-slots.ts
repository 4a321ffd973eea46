import { canExtendJob, extendJob, type SchedulingMatrix } from '@js/gang';

/**
 * Running jobs in multiple slots (§4): a job takes an extra slot when each of its processors is
 * idle in some slot — its WLTM node is non-zero — and re-packing (Property 2) brings those idle
 * cells into one slot. Done "whenever possible": in passes over the jobs, oldest placement
 * first, one extra slot per job per pass, so that freed cells are shared out rather than all
 * taken by the first job that fits; until a pass gives none. Returns the slots given.
 */
export function extendWherePossible(matrix: SchedulingMatrix): number {
  let given = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (const job of [...matrix.jobs()]) {
      if (!canExtendJob(matrix, job.id)) continue;
      extendJob(matrix, job.id);
      given++;
      changed = true;
    }
  }
  return given;
}
