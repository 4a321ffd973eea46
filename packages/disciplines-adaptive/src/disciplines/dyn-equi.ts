import { equipartition } from '@js/blocks';
import { defineDiscipline, hasRunMinimum, type JobView } from '@js/core';
import { fitsWithin } from '@js/machine';
import { z } from 'zod';

/**
 * Dynamic equipartition (Anastasiadis & Sevcik, seed 004 §4; McCann, Vaswani & Zahorjan 1993):
 * at every arrival and departure the processors are split as equally as possible among all
 * jobs in the system, none above its maximum (p_max). Running jobs are resized, waiting ones
 * started; when there are more jobs than processors the oldest run. The paper charges no
 * reconfiguration cost; a cost comes from the run's platform profile (`resize`), not from here.
 * Under a profile with a minimum run before reallocation (LSF's 600 s), a job younger than that
 * keeps its allocation and the split is redone when it comes of age.
 */
export const dynEqui = defineDiscipline({
  name: 'dyn-equi',
  summary:
    'dynamic equipartition: every arrival and departure re-splits the processors equally among all jobs',
  source: 'Anastasiadis & Sevcik 1997, §4 (DYN-EQUI); McCann, Vaswani & Zahorjan 1993',
  options: z.object({}).strict(),
  capabilities: { sizing: 'malleable', preemption: 'resize' },
  create: (_options, { machine, profile }) => {
    const jobs: JobView[] = [];
    const minimumRun = profile.minRunBeforeReallocation;
    let wake = Number.POSITIVE_INFINITY;
    const free = new Float64Array(machine.resourceNames.length);
    const { capacities } = machine;
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
        for (let r = 0; r < free.length; r++) free[r] = ctx.machine.free(r);
        for (const j of ctx.jobs.pending) {
          if (minimums + j.minSize > ctx.machine.processors || !takeIfFree(j.demand, free, capacities)) break;
          minimums += j.minSize;
          jobs.push(j);
        }
        const targets = equipartition(jobs, ctx.machine.processors);
        if (ctx.now >= wake) wake = Number.POSITIVE_INFINITY;
        const settled = (j: JobView, target: number): boolean => {
          if (j.inOverhead || target === j.allocated) return false;
          if (hasRunMinimum(j.sinceRun, minimumRun, ctx.now)) return true;
          const due = ctx.now + minimumRun - j.sinceRun;
          if (due < wake) {
            wake = due;
            ctx.setTimer(due, 'minimum run');
          }
          return false;
        };
        // Shrink first so growing and starting find the processors free.
        jobs.forEach((j, i) => {
          if (j.state === 'running' && targets[i]! < j.allocated && settled(j, targets[i]!))
            ctx.resize(j, targets[i]!);
        });
        // A job still in a resize overhead has not shrunk yet, so grow only into idle processors.
        jobs.forEach((j, i) => {
          const held = j.state === 'running' ? j.allocated : 0;
          const target = Math.min(targets[i]!, held + ctx.machine.idleProcessors);
          if (j.state === 'pending') {
            if (target >= j.minSize) ctx.start(j, { processors: target });
          } else if (target > held && settled(j, target)) {
            ctx.resize(j, target);
          }
        });
      },
    };
  },
});

/** If `demand` fits in `free` (by the ledger's rule), take it and say yes. */
function takeIfFree(demand: ArrayLike<number>, free: Float64Array, capacities: ArrayLike<number>): boolean {
  if (!fitsWithin(demand, free, capacities)) return false;
  for (let r = 0; r < demand.length; r++) free[r] = free[r]! - demand[r]!;
  return true;
}
