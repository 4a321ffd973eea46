import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { WorkloadTree, type WorkloadTreeChoice } from './workload-tree.ts';

/**
 * A workload tree computed from scratch out of the matrix cells alone — the definition of
 * §3/§5 read literally, with no incremental bookkeeping: WLTM leaves count idle cells,
 * WLTS leaves count slots minus the distinct jobs on the processor. The incremental trees
 * the matrix keeps must always equal this.
 */
export function workloadTreeFromMatrix(matrix: SchedulingMatrix, which: WorkloadTreeChoice): WorkloadTree {
  const leaves = new Int32Array(matrix.processors);
  for (let p = 0; p < matrix.processors; p++) {
    const jobs = new Set<unknown>();
    let idle = 0;
    for (let s = 0; s < matrix.slots; s++) {
      const id = matrix.jobAt(s, p);
      if (id === undefined) idle++;
      else jobs.add(id);
    }
    leaves[p] = which === 'WLTM' ? idle : matrix.slots - jobs.size;
  }
  return WorkloadTree.fromLeaves(leaves);
}
