import { defineDiscipline, type JobView } from '@js/core';
import { z } from 'zod';
import { equipartition } from '../partition/equipartition.ts';

/**
 * Dynamic equipartition (Anastasiadis & Sevcik, seed 004 §4; McCann, Vaswani & Zahorjan 1993):
 * at every arrival and departure the processors are split as equally as possible among all
 * jobs in the system, none above its maximum (p_max). Running jobs are resized, waiting ones
 * started; when there are more jobs than processors the oldest run. The paper charges no
 * reconfiguration cost; a cost comes from the run's platform profile (`resize`), not from here.
 */
export const dynEqui = defineDiscipline({
  name: 'dyn-equi',
  summary:
    'dynamic equipartition: every arrival and departure re-splits the processors equally among all jobs',
  source: 'Anastasiadis & Sevcik 1997, §4 (DYN-EQUI); McCann, Vaswani & Zahorjan 1993',
  options: z.object({}).strict(),
  create: (_options, { machine }) => {
    const jobs: JobView[] = [];
    const free = new Float64Array(machine.resourceNames.length);
    return {
      schedule(ctx) {
        // Running jobs keep priority (they already hold their minimum and their resources), then
        // the queue in order, as far as minimum processors and every other resource allow.
        jobs.length = 0;
        let minimums = 0;
        for (const j of ctx.jobs.running) {
          jobs.push(j);
          minimums += j.minSize;
        }
        jobs.sort((a, b) => a.arrival - b.arrival);
        free.set(ctx.machine.free);
        for (const j of ctx.jobs.pending) {
          if (minimums + j.minSize > ctx.machine.processors || !takeIfFree(j.demand, free)) break;
          minimums += j.minSize;
          jobs.push(j);
        }
        const targets = equipartition(jobs, ctx.machine.processors);
        // Shrink first so growing and starting find the processors free.
        jobs.forEach((j, i) => {
          if (j.state === 'running' && targets[i]! < j.processors.length && !j.inOverhead)
            ctx.resize(j, targets[i]!);
        });
        // A job still in a resize overhead has not shrunk yet, so grow only into idle processors.
        jobs.forEach((j, i) => {
          const held = j.state === 'running' ? j.processors.length : 0;
          const target = Math.min(targets[i]!, held + ctx.machine.idleProcessors);
          if (j.state === 'pending') {
            if (target >= j.minSize) ctx.start(j, { processors: target });
          } else if (target > held && !j.inOverhead) {
            ctx.resize(j, target);
          }
        });
      },
    };
  },
});

/** If `demand` fits in `free`, take it and say yes. */
function takeIfFree(demand: ArrayLike<number>, free: Float64Array): boolean {
  for (let r = 0; r < demand.length; r++) if (demand[r]! > free[r]! + 1e-9) return false;
  for (let r = 0; r < demand.length; r++) free[r] = free[r]! - demand[r]!;
  return true;
}
