import { defineDiscipline, hasRunMinimum, type JobView, type SchedulingContext } from '@js/core';
import { fitsWithin } from '@js/machine';
import * as z from 'zod';
import { Claimable, PendingQueue, type Stopped, StoppedQueues } from '../policy/mlfq-queues.ts';
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
    /** The level a job sits at: how many thresholds its acquired processor time has crossed. */
    const level = (j: JobView): number => {
      const acquired = j.acquired;
      let l = 0;
      for (const t of opts.thresholds) if (acquired >= t) l++;
      return l;
    };
    // The waiting jobs, kept from round to round: a pending job has never held a processor, so
    // it has acquired nothing and waits at the top level (0), first come first served; a stopped
    // job waits at its level (see StoppedQueues).
    const pendingQueue = new PendingQueue();
    const stoppedQueues = new StoppedQueues();
    const claimable = new Claimable(machine.processors);
    /**
     * What a stopped job could see of the last round: the running jobs, the level of each that
     * may be displaced (-1 for one that may not), the stopped queues, and whether any job
     * started, resumed or was suspended.
     */
    let last:
      | { running: readonly JobView[]; levels: number[]; stopped: readonly Stopped[]; moved: boolean }
      | undefined;

    return {
      schedule(ctx) {
        const { jobs } = ctx;
        const round = new Round(ctx, level, profile.minRunBeforeSuspend, limit);
        claimable.forget();
        // Below this level no running job can be displaced (a cheap test before looking closer).
        let lowest = -1;
        const levels: number[] = [];
        for (const v of jobs.running) {
          const l = round.suspendable(v) ? level(v) : -1;
          levels.push(l);
          lowest = Math.max(lowest, l);
        }
        // The most processors displace() found for a pending job it refused since the last
        // start, resume or suspension. Its answer depends on a pending job only through its size,
        // so until something changes one that needs more is refused too.
        let reach = Number.POSITIVE_INFINITY;

        pendingQueue.sync(jobs.pending);
        const stopped = stoppedQueues.of(jobs.suspended, level);
        // If nothing moved in the last round, every stopped job was kept back then. If now the
        // same jobs run (so the same processors are idle), the same of them may be displaced by
        // the same levels, and the same jobs are stopped, each is kept back again until
        // something moves.
        let still =
          last !== undefined &&
          !last.moved &&
          last.running === jobs.running &&
          last.stopped === stopped &&
          levels.every((l, n) => l === last!.levels[n]);
        last = { running: jobs.running, levels, stopped, moved: false };
        let idle = ctx.machine.idleProcessors;
        // The waiting jobs in priority order: pending jobs (level 0) and stopped ones merged.
        // Pending slots before `from` are done: their jobs had their turn, or needed more
        // processors than a job of level 0 could find then (more than are idle where no running
        // job can be displaced, or more than `reach`).
        let from = 0;
        let k = 0;
        for (;;) {
          const most = Math.min(reach, lowest <= 0 ? idle : Number.POSITIVE_INFINITY);
          const slot = pendingQueue.next(from, most);
          const next: Stopped | undefined = stopped[k];
          let entry: Stopped | undefined;
          let job: JobView;
          if (slot >= 0 && (!next || next.level > 0 || pendingQueue.job(slot).arrival < next.job.arrival)) {
            job = pendingQueue.job(slot);
            from = slot + 1;
          } else if (next) {
            entry = next;
            job = next.job;
            k++;
            from = Math.max(from, next.level > 0 ? pendingQueue.slots : pendingQueue.after(job.arrival));
          } else break;

          let victims: JobView[];
          if (entry) {
            // While still, only a pending job can move first.
            if (still && slot < 0) break;
            if (still) continue;
            // From `lowest` down a job may take only idle processors (every job needs one), and
            // none displaces a job to free one: once none is idle, no later job can go.
            if (entry.level >= lowest && idle === 0) break;
            // Still held where it was last kept back: it cannot resume (see victimsOnItsProcessors).
            if (entry.blocker >= 0 && claimable.at(entry.blocker, round) < entry.level) continue;
            const on = victimsOnItsProcessors(job, round);
            if (typeof on === 'number') {
              entry.blocker = on;
              continue;
            }
            victims = on;
          } else {
            if (!fitsWithin(job.demand, freeResources(ctx), ctx.machine.spec.capacities)) continue;
            const chosen = displace(round, job);
            if (typeof chosen === 'number') {
              reach = chosen;
              continue;
            }
            victims = chosen;
          }
          reach = Number.POSITIVE_INFINITY;
          claimable.forget();
          still = false;
          last.moved = true;
          for (const v of victims) round.displaced.add(v);
          if (victims.length) ctx.switch({ suspend: victims });
          idle = ctx.machine.idleProcessors;
          if (profile.suspend > 0 && victims.length) {
            for (const v of victims) for (const p of v.processors) round.promised.add(p);
            continue;
          }
          if (entry) ctx.resume(job);
          else {
            ctx.start(job, { processors: placeOn(round, job) });
            pendingQueue.started(slot);
          }
          idle = ctx.machine.idleProcessors;
        }

        if (someWait(jobs.pending) || someWait(jobs.running) || someWait(jobs.suspended)) {
          wake.at(ctx, nextQuantum(ctx.now, opts.quantum), 'quantum');
        }
      },
    };
  },
});

/**
 * One decision round as a waiting job sees the processors: who holds each, and whom it may
 * displace. Time stands still within a round, so a job's level and age hold through it.
 */
class Round {
  /** Processors a preemptor waits for while its victims' suspend overhead runs. */
  readonly promised = new Set<number>();
  readonly displaced = new Set<JobView>();

  constructor(
    readonly ctx: SchedulingContext,
    readonly level: (j: JobView) => number,
    readonly minRun: number,
    readonly limit: number,
  ) {}

  /** Whether a job of a higher level may suspend the running job `v`: of age, not busy, not yet displaced. */
  suspendable(v: JobView): boolean {
    return (
      v.state === 'running' &&
      !v.inOverhead &&
      hasRunMinimum(v.sinceRun, this.minRun, this.ctx.now) &&
      !this.displaced.has(v)
    );
  }

  /** Whether `job` may suspend the running job `v`: of a strictly lower level, of age, not busy. */
  mayDisplace(job: JobView, v: JobView): boolean {
    return this.suspendable(v) && this.level(v) > this.level(job);
  }

  /** The running job `job` may suspend on `p`; null if `p` is idle and not promised. */
  victimOf(job: JobView, p: number): JobView | null | undefined {
    const id = this.ctx.machine.runningJob(p);
    if (id < 0) return this.promised.has(p) ? undefined : null;
    const v = this.ctx.jobs.byId(id);
    return v && this.mayDisplace(job, v) ? v : undefined;
  }

  /** The highest level that a job may have and still claim `p`: victimOf(job, p) is undefined exactly above it. */
  claimable(p: number): number {
    const id = this.ctx.machine.runningJob(p);
    if (id < 0) return this.promised.has(p) ? -1 : Number.POSITIVE_INFINITY;
    const v = this.ctx.jobs.byId(id);
    return v && this.suspendable(v) ? this.level(v) - 1 : -1;
  }

  /**
   * Whether `p` has room for one more resident job. The engine's count of the jobs resident on
   * a processor is the count of this discipline's running and suspended jobs there (it neither
   * places nor checkpoints jobs, and partitions share no processor), kept up to date as jobs start.
   */
  room(p: number): boolean {
    return this.ctx.machine.residentCount(p) + 1 <= this.limit;
  }
}

const someWait = (list: readonly JobView[]) =>
  list.some((j) => j.state === 'pending' || j.state === 'suspended');

/**
 * The running jobs a pending job must suspend to find `size` processors with room under the
 * limit: none if enough are idle; else lower-level jobs, lowest level and latest arrival first,
 * until enough; if even all of them would not do, the processors they would have given. (Its
 * processors are the idle ones and those its running jobs hold; a job it may suspend is one of
 * the latter.)
 */
function displace(round: Round, job: JobView): JobView[] | number {
  const { machine, jobs } = round.ctx;
  let usable = 0;
  for (const p of machine.idle.lowest(machine.idleProcessors))
    if (round.victimOf(job, p) === null && round.room(p)) usable++;
  // Each candidate's level read once (it reads the job's acquired time), not at every comparison.
  const candidates = jobs.running
    .filter((v) => round.mayDisplace(job, v))
    .map((v) => ({ v, level: round.level(v) }))
    .sort((a, b) => b.level - a.level || b.v.arrival - a.v.arrival);
  const victims: JobView[] = [];
  for (const { v } of candidates) {
    if (usable >= job.size) break;
    // A victim whose processors are all full under the limit would be suspended for nothing.
    let gain = 0;
    for (const p of v.processors) if (round.room(p)) gain++;
    if (gain === 0) continue;
    victims.push(v);
    usable += gain;
  }
  return usable >= job.size ? victims : usable;
}

/**
 * The running jobs a stopped job must suspend to resume on its own processors, each once, in the
 * order of its processors; or, as soon as one processor is held by a job it may not suspend (or
 * promised to another preemptor), that processor.
 */
function victimsOnItsProcessors(job: JobView, round: Round): JobView[] | number {
  const victims: JobView[] = [];
  for (const p of job.processors) {
    const v = round.victimOf(job, p);
    if (v === undefined) return p;
    if (v !== null && !victims.includes(v)) victims.push(v);
  }
  return victims;
}

function freeResources(ctx: SchedulingContext): number[] {
  return Array.from(ctx.machine.spec.capacities, (_, r) => ctx.machine.free(r));
}

/** The job's processors once its victims are suspended: the lowest idle ones with room. */
function placeOn(round: Round, job: JobView): number[] {
  const { machine } = round.ctx;
  const idle = Array.from(machine.idle.lowest(machine.idleProcessors));
  return idle.filter((p) => round.room(p)).slice(0, job.size);
}
