import { renderMatrix } from '../matrix/render.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import type { JobId } from '../matrix/types.ts';

/**
 * The structural rules of §3 checked from the outside: every job holds the same consecutive
 * processors in every slot it runs in and nowhere else (so no cell can belong to two jobs),
 * its record agrees with the cells, and every node of both incremental workload trees equals
 * its definition evaluated afresh on the cells (independently of the WorkloadTree class). Returns one line per broken rule; empty means all hold.
 */
export function checkGangInvariants(matrix: SchedulingMatrix): string[] {
  const problems: string[] = [];
  const { processors, slots } = matrix;
  const cellsOf = new Map<JobId, number>();
  for (let s = 0; s < slots; s++) {
    let busy = 0;
    for (let p = 0; p < processors; p++) {
      const id = matrix.jobAt(s, p);
      if (id === undefined) continue;
      busy++;
      cellsOf.set(id, (cellsOf.get(id) ?? 0) + 1);
      if (!matrix.hasJob(id)) problems.push(`slot ${s}, processor ${p}: job ${String(id)} has no record`);
    }
    if (busy !== matrix.busyCells(s))
      problems.push(`slot ${s}: ${busy} busy cells, the matrix counts ${matrix.busyCells(s)}`);
  }
  for (const job of matrix.jobs()) {
    const name = `job ${String(job.id)}`;
    if (job.width < 1 || job.start < 0 || job.start + job.width > processors) {
      problems.push(`${name}: processors ${job.start}+${job.width} are off the array`);
    }
    if (!(job.size >= 1 && job.size <= job.width))
      problems.push(`${name}: size ${job.size} outside 1..${job.width}`);
    if (job.slots.length === 0) problems.push(`${name}: runs in no slot`);
    if (new Set(job.slots).size !== job.slots.length)
      problems.push(`${name}: slot listed twice in ${job.slots}`);
    for (const s of job.slots) {
      if (!(s >= 0 && s < slots)) {
        problems.push(`${name}: slot ${s} does not exist`);
        continue;
      }
      for (let p = job.start; p < job.start + job.width; p++) {
        if (matrix.jobAt(s, p) !== job.id) {
          problems.push(
            `${name}: processor ${p} in slot ${s} holds ${String(matrix.jobAt(s, p) ?? 'nothing')}`,
          );
          break;
        }
      }
    }
    const cells = cellsOf.get(job.id) ?? 0;
    if (cells !== job.width * job.slots.length) {
      problems.push(`${name}: holds ${cells} cells, expected ${job.width} × ${job.slots.length} slots`);
    }
  }
  for (const which of ['WLTM', 'WLTS'] as const) {
    const kept = which === 'WLTM' ? matrix.wltm : matrix.wlts;
    const leaves = leafValues(matrix, which);
    const wrong: string[] = [];
    for (let size = 1; size <= processors; size *= 2) {
      for (let start = 0; start < processors; start += size) {
        const expected = nodeValue(leaves, start, size);
        const actual = kept.blockValue(start, size);
        if (actual !== expected) wrong.push(`block ${start}+${size} is ${actual}, should be ${expected}`);
      }
    }
    if (wrong.length > 0) {
      problems.push(
        `${which} differs from its definition over the cells: ${wrong.slice(0, 4).join('; ')}\nkept:\n${kept.render()}`,
      );
    }
  }
  return problems;
}

/** §3/§5 leaf values read off the cells: idle cells (WLTM), or slots minus distinct jobs (WLTS). */
function leafValues(matrix: SchedulingMatrix, which: 'WLTM' | 'WLTS'): number[] {
  const leaves: number[] = [];
  for (let p = 0; p < matrix.processors; p++) {
    const column: (JobId | undefined)[] = [];
    for (let s = 0; s < matrix.slots; s++) column.push(matrix.jobAt(s, p));
    const busy = column.filter((c) => c !== undefined);
    leaves.push(which === 'WLTM' ? column.length - busy.length : column.length - new Set(busy).size);
  }
  return leaves;
}

/** The definition, recursively: the sum of both children when both are non-zero, else 0. */
function nodeValue(leaves: readonly number[], start: number, size: number): number {
  if (size === 1) return leaves[start]!;
  const a = nodeValue(leaves, start, size / 2);
  const b = nodeValue(leaves, start + size / 2, size / 2);
  return a !== 0 && b !== 0 ? a + b : 0;
}

/** Everything observable about a matrix as text: cells, job records (slot order included), both trees. */
export function describeMatrixState(matrix: SchedulingMatrix): string {
  const jobs = [...matrix.jobs()].map(
    (j) => `${String(j.id)}: processors ${j.start}+${j.width} (size ${j.size}) in slots ${j.slots.join(',')}`,
  );
  return [
    renderMatrix(matrix, { slotLabels: true }),
    ...jobs,
    `WLTM:\n${matrix.wltm.render()}`,
    `WLTS:\n${matrix.wlts.render()}`,
  ].join('\n');
}
