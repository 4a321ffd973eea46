import { equipartition } from '@js/blocks';
import {
  defineDiscipline,
  hasRunMinimum,
  type JobView,
  type PlatformProfile,
  platformProfileSchema,
} from '@js/core';
import * as z from 'zod';
import { takeIfFree } from '../policy/resources.ts';

/**
 * Dynamic equipartition (Anastasiadis & Sevcik, seed 004 §3.1; McCann, Vaswani & Zahorjan 1993):
 * at every arrival and departure the processors are split as equally as possible among all
 * jobs in the system, none above its maximum (p_max). Running jobs are resized, waiting ones
 * started; when there are more jobs than processors the oldest run. The paper charges no
 * reconfiguration cost (§5.1), the `reconfigurationCost` option's default. Costs are physics, which
 * the engine charges from the run's platform profile, never a discipline: a non-zero cost is
 * declared as the platform the run assumes ({@link reconfigurationProfile}: every resize costs
 * that many seconds), and the engine charges it.
 * Under a profile with a minimum run before reallocation (LSF's 600 s), a job younger than that
 * keeps its allocation and the split is redone when it comes of age.
 */
export const dynEqui = defineDiscipline({
  name: 'dyn-equi',
  summary:
    'dynamic equipartition: every arrival and departure re-splits the processors equally among all jobs',
  source: 'Anastasiadis & Sevcik 1997, §3.1 (DYN-EQUI); McCann, Vaswani & Zahorjan 1993',
  options: z
    .object({
      reconfigurationCost: z
        .number()
        .nonnegative()
        .default(0)
        .describe(
          'seconds each resize costs (the paper: 0): the run’s profile with every resize costing this, charged by the engine',
        ),
    })
    .strict(),
  capabilities: { sizing: 'malleable', preemption: 'resize' },
  platform: ({ reconfigurationCost }, profile) =>
    reconfigurationCost > 0 ? reconfigurationProfile(profile, reconfigurationCost) : profile,
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

/**
 * The run's profile with every resize costing `seconds` (and nothing relative to the job's
 * run): how dyn-equi's `reconfigurationCost` reaches the engine, which owns all costs.
 */
export function reconfigurationProfile(profile: PlatformProfile, seconds: number): PlatformProfile {
  const resize = platformProfileSchema.shape.resize.parse(seconds);
  return Object.freeze({ ...profile, name: `${profile.name}+resize-${resize}s`, resize, resizeRelative: 0 });
}
