import { defineDiscipline, hasRunMinimum, type JobView, type SchedulingContext } from '@js/core';
import { fitsWithin } from '@js/machine';
import * as z from 'zod';
import { nextQuantum, Wake } from '../policy/reallocation.ts';

const options = z
  .object({
    thresholds: z
      .array(z.number().positive())
      .min(1)
      .default([1000, 10000])
      .refine((t) => t.every((x, i) => i === 0 || x > t[i - 1]!), 'thresholds must increase')
      .describe(
        'processor-seconds acquired at which a job drops to the next level (n thresholds, n + 1 levels). The paper names none; 1000 s and 10000 s sit near the first quartile and just above the mean (8000 s) of its workload’s service demand, so about a quarter of the jobs finish at the top level and the long tail that carries most of the work sinks to the bottom',
      ),
    quantum: z
      .number()
      .positive()
      .default(60)
      .describe(
        'quantum, seconds: while a job waits, the discipline wakes at every multiple of it and notices demotions (the extension mainline sleeps until an event or a quantum timeout; the paper names no value, 60 s is its minimum run before a simple preemption)',
      ),
  })
  .strict();

/**
 * The multi-level feedback discipline of Parsons & Sevcik 1997's worked example (seed 000 §4.3,
 * queues as in its Fig. 1 without run-time limits): jobs are submitted to the high-priority
 * level; when a job's acquired processing time crosses a threshold the extension moves it down a
 * level, noticed at its next wake-up (an arrival, a departure or the quantum). LSF dispatches
 * from the highest non-empty level, first come first served within a level, and its preemptive
 * queues let a job suspend running jobs of strictly lower levels (simple preemption: a stopped
 * job resumes on its own processors; a job that has not run the profile's minimum since its
 * last start or resume is not suspended; no processor holds more resident jobs than the
 * multiprogramming limit). The paper's jobs are sequential (1 processor); a parallel job runs
 * on its requested size and displaces whole lower-level jobs, the lowest level and the latest
 * arrival first.
 */
export const lsfMlfq = defineDiscipline({
  name: 'lsf-mlfq',
  summary:
    'multi-level feedback: jobs sink a level as they acquire processing time, higher levels preempt lower',
  source: 'Parsons & Sevcik 1997, §4.3 (a simple example) and Fig. 1',
  options,
  capabilities: { sizing: 'rigid', preemption: 'suspend' },
  create: (opts, { machine, profile }) => {
    const limit = Math.min(profile.multiprogrammingLimit, machine.multiprogrammingLimit);
    const wake = new Wake();
    /** Resident jobs per processor (scratch, recounted every round). */
    const residents = new Int32Array(machine.processors);

    return {
      schedule(ctx) {
        const { jobs } = ctx;
        // The level a job sits at: how many thresholds its acquired processor time has crossed.
        // Time stands still within a round, so each job's level is worked out once per round.
        const levels = new Map<JobView, number>();
        const level = (j: JobView): number => {
          let l = levels.get(j);
          if (l === undefined) {
            const acquired = j.acquired;
            l = 0;
            for (const t of opts.thresholds) if (acquired >= t) l++;
            levels.set(j, l);
          }
          return l;
        };
        const byPriority = (a: JobView, b: JobView) => level(a) - level(b) || a.arrival - b.arrival;
        // Processors a preemptor waits for while its victims' suspend overhead runs.
        const promised = new Set<number>();
        const displaced = new Set<JobView>();
        /** A running job `job` may suspend: of a strictly lower level, of age, not busy. */
        const victimOf = (job: JobView, p: number): JobView | null | undefined => {
          const id = ctx.machine.runningJob(p);
          if (id < 0) return promised.has(p) ? undefined : null;
          const v = jobs.byId(id);
          if (
            v?.state !== 'running' ||
            v.inOverhead ||
            !hasRunMinimum(v.sinceRun, profile.minRunBeforeSuspend, ctx.now)
          )
            return undefined;
          return level(v) > level(job) && !displaced.has(v) ? v : undefined;
        };
        residents.fill(0);
        for (const list of [jobs.running, jobs.suspended])
          for (const j of list) for (const p of j.processors) residents[p]!++;
        const room = (p: number) => residents[p]! + 1 <= limit;
        // Below this level no running job can be displaced (a cheap test before looking closer).
        const lowest = Math.max(
          -1,
          ...jobs.running
            .filter((v) => !v.inOverhead && hasRunMinimum(v.sinceRun, profile.minRunBeforeSuspend, ctx.now))
            .map(level),
        );

        const waiting = [...jobs.pending, ...jobs.suspended.filter((j) => !j.inOverhead)].sort(byPriority);
        for (const job of waiting) {
          let victims: JobView[];
          if (job.state === 'suspended') {
            const on = victimsOnItsProcessors(job, victimOf);
            if (on === undefined) continue;
            victims = on;
          } else {
            if (level(job) >= lowest && ctx.machine.idleProcessors < job.size) continue;
            if (!fitsWithin(job.demand, freeResources(ctx), ctx.machine.spec.capacities)) continue;
            const chosen = displace(ctx, job, victimOf, room, byPriority);
            if (!chosen) continue;
            victims = chosen;
          }
          for (const v of victims) displaced.add(v);
          if (victims.length) ctx.switch({ suspend: victims });
          if (profile.suspend > 0 && victims.length) {
            for (const v of victims) for (const p of v.processors) promised.add(p);
            continue;
          }
          if (job.state === 'suspended') ctx.resume(job);
          else {
            const processors = placeOn(ctx, job, room);
            ctx.start(job, { processors });
            for (const p of processors) residents[p]!++;
          }
        }

        const all = [...jobs.pending, ...jobs.running, ...jobs.suspended];
        if (all.some((j) => j.state === 'pending' || j.state === 'suspended')) {
          wake.at(ctx, nextQuantum(ctx.now, opts.quantum), 'quantum');
        }
      },
    };

    /**
     * The running jobs a pending job must suspend to find `size` processors with room under the
     * limit: none if enough are idle; else lower-level jobs, lowest level and latest arrival
     * first, until enough; undefined if even all of them would not do.
     */
    function displace(
      ctx: SchedulingContext,
      job: JobView,
      victimOf: (job: JobView, p: number) => JobView | null | undefined,
      room: (p: number) => boolean,
      byPriority: (a: JobView, b: JobView) => number,
    ): JobView[] | undefined {
      let usable = 0;
      const candidates = new Set<JobView>();
      for (const p of owned(ctx)) {
        const v = victimOf(job, p);
        if (v === null && room(p)) usable++;
        else if (v) candidates.add(v);
      }
      const victims: JobView[] = [];
      const order = [...candidates].sort((a, b) => byPriority(b, a));
      for (const v of order) {
        if (usable >= job.size) break;
        // A victim whose processors are all full under the limit would be suspended for nothing.
        const gain = v.processors.filter(room).length;
        if (gain === 0) continue;
        victims.push(v);
        usable += gain;
      }
      return usable >= job.size ? victims : undefined;
    }
  },
});

/**
 * The running jobs a stopped job must suspend to resume on its own processors, each once, in the
 * order of its processors; undefined as soon as one processor is held by a job it may not
 * suspend (or promised to another preemptor).
 */
function victimsOnItsProcessors(
  job: JobView,
  victimOf: (job: JobView, p: number) => JobView | null | undefined,
): JobView[] | undefined {
  const victims: JobView[] = [];
  for (const p of job.processors) {
    const v = victimOf(job, p);
    if (v === undefined) return undefined;
    if (v !== null && !victims.includes(v)) victims.push(v);
  }
  return victims;
}

/** Every processor the discipline owns: the idle ones and those its started jobs hold. */
function owned(ctx: SchedulingContext): number[] {
  const all = new Set<number>(ctx.machine.idle.lowest(ctx.machine.idleProcessors));
  for (const j of [...ctx.jobs.running, ...ctx.jobs.suspended]) for (const p of j.processors) all.add(p);
  return [...all].sort((a, b) => a - b);
}

function freeResources(ctx: SchedulingContext): number[] {
  return Array.from(ctx.machine.spec.capacities, (_, r) => ctx.machine.free(r));
}

/** The job's processors once its victims are suspended: the lowest idle ones with room. */
function placeOn(ctx: SchedulingContext, job: JobView, room: (p: number) => boolean): number[] {
  const idle = Array.from(ctx.machine.idle.lowest(ctx.machine.idleProcessors));
  return idle.filter(room).slice(0, job.size);
}
