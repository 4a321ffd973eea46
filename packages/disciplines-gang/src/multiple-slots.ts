import { canExtendJob, extendJob, type JobId, type SchedulingMatrix } from '@js/gang';

/**
 * Running jobs in multiple slots (§4): a job takes an extra slot when each of its processors is
 * idle in some slot — its WLTM node is non-zero — and re-packing (Property 2) brings those idle
 * cells into one slot. Done "whenever possible": in passes over the jobs, oldest placement
 * first, one extra slot per job per pass, so that freed cells are shared out rather than all
 * taken by the first job that fits; until a pass gives none. Returns the slots given.
 *
 * Extending only takes idle cells and re-packing only permutes columns, so WLTM values never
 * rise during this: a job that cannot extend in one pass cannot in any later one, and each pass
 * after the first need only look at the jobs the previous pass extended (same order, same result
 * as looking at all of them; a matrix of hundreds of slots and jobs makes the difference).
 */
export function extendWherePossible(matrix: SchedulingMatrix): number {
  let given = 0;
  let candidates: JobId[] = [];
  for (const job of matrix.jobs()) candidates.push(job.id);
  while (candidates.length > 0) {
    const extended: JobId[] = [];
    for (const id of candidates) {
      if (!canExtendJob(matrix, id)) continue;
      extendJob(matrix, id);
      given++;
      extended.push(id);
    }
    candidates = extended;
  }
  return given;
}
