import type { ContentionModel } from '../engine/contention.ts';

/**
 * A contention model for tests: a job runs `factor` times slower while another job runs on any
 * of its nodes, so co-runners arriving and leaving exercise re-rating.
 */
export function sharedNodeSlowdown(factor = 1.5): ContentionModel {
  const model: ContentionModel = {
    name: 'shared-node-slowdown',
    summary: `test: ${factor}× slower while another job runs on one of its nodes`,
    source: 'schedlab testing',
    slowdown: (job, processors, placement) => {
      const { machine } = placement;
      const perNode = machine.cpusPerNode * machine.coresPerCpu;
      for (let i = 0; i < processors.length; i++) {
        const node = machine.nodeOf(processors[i]!);
        for (let q = node * perNode; q < (node + 1) * perNode; q++) {
          const other = placement.runningOn(q);
          if (other && other.id !== job.id) return factor;
        }
      }
      return 1;
    },
  };
  return Object.freeze(model);
}
