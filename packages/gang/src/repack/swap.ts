import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import type { LegalShift } from '../matrix/types.ts';

/**
 * The re-packing step behind both properties of §3 (proved in Zhou et al., JSSPP 1999):
 * exchange the contents of two slots over processors [from, to) where both boundaries are
 * clean cuts in both slots. Every job instance in that range then lies wholly inside it, so
 * the exchange is a set of legal shifts; an instance of the same job in both slots stays put.
 */

/** The smallest x ≥ from that is a clean cut in both slots (N always is). */
export function nextCommonCleanCut(matrix: SchedulingMatrix, a: number, b: number, from: number): number {
  let x = from;
  while (x < matrix.processors && !(matrix.isCleanCut(a, x) && matrix.isCleanCut(b, x))) x++;
  return x;
}

/** The largest x ≤ from that is a clean cut in both slots (0 always is). */
export function previousCommonCleanCut(matrix: SchedulingMatrix, a: number, b: number, from: number): number {
  let x = from;
  while (x > 0 && !(matrix.isCleanCut(a, x) && matrix.isCleanCut(b, x))) x--;
  return x;
}

/** The legal shifts that exchange slots `a` and `b` over [from, to) (both clean cuts in both). */
export function swapShifts(
  matrix: SchedulingMatrix,
  a: number,
  b: number,
  from: number,
  to: number,
): LegalShift[] {
  const shifts: LegalShift[] = [];
  collect(matrix, a, b, from, to, shifts);
  collect(matrix, b, a, from, to, shifts);
  return shifts;
}

function collect(
  matrix: SchedulingMatrix,
  source: number,
  target: number,
  from: number,
  to: number,
  out: LegalShift[],
): void {
  for (let p = from; p < to; ) {
    const id = matrix.jobAt(source, p);
    if (id === undefined) {
      p++;
      continue;
    }
    const job = matrix.job(id)!;
    if (matrix.jobAt(target, p) !== id) out.push({ job: id, from: source, to: target });
    p = job.start + job.width;
  }
}
