import { defineDiscipline, hasRunMinimum, type JobView, type SchedulingContext } from '@js/core';
import { fitsWithin } from '@js/machine';
import { nextQuantum, Wake } from '../policy/reallocation.ts';
import { lsfMlfq } from './lsf-mlfq.ts';

/**
 * The multi-level feedback discipline read plainly from its definition (see `lsf-mlfq`), for tests
 * only: every round each waiting job, highest level first and first come first served within a
 * level, looks at every processor afresh for what it may take. Nothing is kept between rounds but
 * the quantum's timer; what `lsf-mlfq` does faster must come to the same operations.
 */
export const lsfMlfqReference = defineDiscipline({
  name: 'lsf-mlfq-reference',
  summary: 'LSF multi-level feedback read plainly (tests only)',
  source: 'Parsons & Sevcik 1997, §4.3',
  options: lsfMlfq.options,
  capabilities: { sizing: 'rigid', preemption: 'suspend' },
  create: (opts, { machine, profile }) => {
    const limit = Math.min(profile.multiprogrammingLimit, machine.multiprogrammingLimit);
    const wake = new Wake();
    return {
      schedule(ctx) {
        const { jobs } = ctx;
        // Levels as the round began: time stands still within it.
        const levels = new Map<JobView, number>();
        for (const j of [...jobs.pending, ...jobs.running, ...jobs.suspended])
          levels.set(j, opts.thresholds.filter((t) => j.acquired >= t).length);
        const level = (j: JobView) => levels.get(j)!;
        const byPriority = (a: JobView, b: JobView) => level(a) - level(b) || a.arrival - b.arrival;
        const promised = new Set<number>();
        const displaced = new Set<JobView>();
        const residents = new Map<number, number>();
        for (const j of [...jobs.running, ...jobs.suspended])
          for (const p of j.processors) residents.set(p, (residents.get(p) ?? 0) + 1);
        const room = (p: number) => (residents.get(p) ?? 0) + 1 <= limit;
        /** null: idle and free to take; a job `job` may suspend there; undefined: nothing to take. */
        const victimOf = (job: JobView, p: number): JobView | null | undefined => {
          const id = ctx.machine.runningJob(p);
          if (id < 0) return promised.has(p) ? undefined : null;
          const v = jobs.byId(id);
          if (v?.state !== 'running' || v.inOverhead) return undefined;
          if (!hasRunMinimum(v.sinceRun, profile.minRunBeforeSuspend, ctx.now)) return undefined;
          return level(v) > level(job) && !displaced.has(v) ? v : undefined;
        };

        const waiting = [...jobs.pending, ...jobs.suspended.filter((j) => !j.inOverhead)].sort(byPriority);
        for (const job of waiting) {
          let victims: JobView[] | undefined;
          if (job.state === 'suspended') {
            // On its own processors: every one idle or held by a job it may suspend.
            victims = [];
            for (const p of job.processors) {
              const v = victimOf(job, p);
              if (v === undefined) {
                victims = undefined;
                break;
              }
              if (v !== null && !victims.includes(v)) victims.push(v);
            }
          } else {
            const free = Array.from(ctx.machine.spec.capacities, (_, r) => ctx.machine.free(r));
            if (fitsWithin(job.demand, free, ctx.machine.spec.capacities))
              victims = displace(ctx, job, victimOf, room, byPriority);
          }
          if (victims === undefined) continue;
          for (const v of victims) displaced.add(v);
          if (victims.length) ctx.switch({ suspend: victims });
          if (profile.suspend > 0 && victims.length) {
            for (const v of victims) for (const p of v.processors) promised.add(p);
            continue;
          }
          if (job.state === 'suspended') ctx.resume(job);
          else {
            const idle = Array.from(ctx.machine.idle.lowest(ctx.machine.idleProcessors));
            const processors = idle.filter(room).slice(0, job.size);
            ctx.start(job, { processors });
            for (const p of processors) residents.set(p, (residents.get(p) ?? 0) + 1);
          }
        }
        const all = [...jobs.pending, ...jobs.running, ...jobs.suspended];
        if (all.some((j) => j.state === 'pending' || j.state === 'suspended'))
          wake.at(ctx, nextQuantum(ctx.now, opts.quantum), 'quantum');
      },
    };
  },
});

/**
 * A pending job's victims: none if enough processors with room are idle; else lower-level jobs,
 * lowest level and latest arrival first, each only if it frees a processor with room, until
 * enough; undefined if even all of them would not do.
 */
function displace(
  ctx: SchedulingContext,
  job: JobView,
  victimOf: (job: JobView, p: number) => JobView | null | undefined,
  room: (p: number) => boolean,
  byPriority: (a: JobView, b: JobView) => number,
): JobView[] | undefined {
  const owned = new Set<number>(ctx.machine.idle.lowest(ctx.machine.idleProcessors));
  for (const j of [...ctx.jobs.running, ...ctx.jobs.suspended]) for (const p of j.processors) owned.add(p);
  let usable = 0;
  const candidates = new Set<JobView>();
  for (const p of [...owned].sort((a, b) => a - b)) {
    const v = victimOf(job, p);
    if (v === null && room(p)) usable++;
    else if (v) candidates.add(v);
  }
  const victims: JobView[] = [];
  for (const v of [...candidates].sort((a, b) => byPriority(b, a))) {
    if (usable >= job.size) break;
    const gain = v.processors.filter(room).length;
    if (gain === 0) continue;
    victims.push(v);
    usable += gain;
  }
  return usable >= job.size ? victims : undefined;
}
