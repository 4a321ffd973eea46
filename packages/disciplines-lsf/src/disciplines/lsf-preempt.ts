import {
  defineDiscipline,
  hasRunMinimum,
  type JobView,
  type SchedulingContext,
  type TimerHandle,
} from '@js/core';
import * as z from 'zod';
import { nextQuantum } from '../policy/reallocation.ts';
import { remainingDemand, serviceOrder } from '../policy/service-order.ts';

const options = z
  .object({
    quantum: z
      .number()
      .positive()
      .default(60)
      .describe(
        'seconds between re-evaluations while a waiting job could preempt a running one (the paper names no value; 60 s is its minimum run)',
      ),
    acquiredFraction: z
      .number()
      .positive()
      .max(1)
      .default(0.5)
      .describe(
        'without demand knowledge, a preemptor must have acquired less than this share of the victim’s processor time',
      ),
    demandFraction: z
      .number()
      .positive()
      .max(1)
      .default(0.1)
      .describe(
        'with demand knowledge, a preemptor’s service demand must be less than this share of the victim’s',
      ),
  })
  .strict();

/**
 * LSF-PREEMPT (Parsons & Sevcik 1997, seed 000 §5.1), rigid with simple preemption. Whenever a job
 * arrives or departs or a quantum expires, free processors are first allocated as in LSF-RTC
 * (a stopped job resumes when all its own processors are free). Then a pending or stopped job may
 * preempt a running job when
 *  1. a stopped job preempts only a job running on exactly the processors it is configured for; a
 *     pending job only a job with the same desired processor count;
 *  2. without demand knowledge its acquired processor time is below 50 % of the running job's;
 *     with it, its service demand is below 10 % of the running job's;
 *  3. the running job has run at least the profile's minimum (`minRunBeforeSuspend`, 60 s on LSF);
 *  4. no processor would hold more resident processes than the multiprogramming limit (5 on LSF).
 * Of several candidates the one with least acquired time (shortest remaining demand) goes first.
 */
export const lsfPreempt = defineDiscipline({
  name: 'lsf-preempt',
  summary:
    'rigid simple preemption: same-size (or same-processor) jobs displace ones that have run far longer',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-PREEMPT)',
  options,
  capabilities: { sizing: 'rigid', preemption: 'suspend' },
  create: (opts, { machine, profile }) => {
    const limit = Math.min(profile.multiprogrammingLimit, machine.multiprogrammingLimit);
    const minimumRun = profile.minRunBeforeSuspend;
    // When suspending takes time, the preemptor waits for the victim's processors: they are
    // promised to it so the RTC pass does not hand them to someone else (or back to the victim).
    const promised = new Map<number, readonly number[]>();
    let timer: TimerHandle | undefined;

    return {
      schedule(ctx) {
        // Rule 4: one more job may reside on `p`. The engine counts the jobs resident on a
        // processor, running or suspended there; here they are all this discipline's (it neither
        // places nor checkpoints jobs, and partitions share no processor).
        const room = (p: number) => ctx.machine.residentCount(p) + 1 <= limit;
        const anyStopped = ctx.jobs.suspended.length > 0;
        const idle = (ps: readonly number[]) => ps.every((p) => ctx.machine.idle.has(p));

        // Promises first: start or resume the preemptor once the victim has left its processors.
        const reserved = new Set<number>();
        for (const [id, processors] of promised) {
          const job = ctx.jobs.byId(id);
          const waiting = job && !job.inOverhead && (job.state === 'pending' || job.state === 'suspended');
          if (!waiting || (job.state === 'pending' && !ctx.machine.fits(0, job.demand))) {
            promised.delete(id);
          } else if (idle(processors)) {
            if (job.state === 'pending') ctx.start(job, { processors });
            else ctx.resume(job);
            promised.delete(id);
          } else {
            for (const p of processors) reserved.add(p);
          }
        }

        // Free processors as in LSF-RTC, in service order; a stopped job only on its own processors.
        const waiting = serviceOrder([...ctx.jobs.pending, ...ctx.jobs.suspended]).filter(
          (j) => !promised.has(j.id) && !j.inOverhead,
        );
        // The processors a pending job may take, lowest first: looked up again only after a start.
        let free: number[] | undefined;
        for (const job of waiting) {
          if (ctx.machine.idleProcessors === 0) break;
          if (job.state === 'suspended') {
            if (idle(job.processors) && !job.processors.some((p) => reserved.has(p))) {
              ctx.resume(job);
              free = undefined;
            }
            continue;
          }
          if (!ctx.machine.fits(job.size, job.demand)) continue;
          if (!anyStopped && reserved.size === 0) {
            ctx.start(job);
            continue;
          }
          free ??= Array.from(ctx.machine.idle.lowest(ctx.machine.idleProcessors)).filter(
            (p) => !reserved.has(p) && room(p),
          );
          if (free.length >= job.size) {
            ctx.start(job, { processors: free.slice(0, job.size) });
            free = undefined;
          }
        }

        // Preemption, worst-placed running jobs first.
        const knowsDemand = ctx.jobs.running[0]?.work !== undefined;
        // Each job's standing read once: the time-dependent reads are what a long queue costs.
        const standings = new Map<JobView, number>();
        const standing = (j: JobView) => {
          let s = standings.get(j);
          if (s === undefined) standings.set(j, (s = knowsDemand ? remainingDemand(j)! : j.acquired));
          return s;
        };
        const victims = ctx.jobs.running
          .map((job) => ({ job, standing: standing(job) }))
          .sort((a, b) => b.standing - a.standing || b.job.arrival - a.job.arrival)
          .map((v) => v.job);
        const candidates = waiting.filter((j) => j.state === 'pending' || j.state === 'suspended');
        // Rule 1's partners of a running job, without a look at every candidate for each: a stopped
        // job only on exactly its processors (grouped by the set), a pending one of its size. A
        // chosen partner leaves its group.
        const stoppedFrom = groupBy(
          candidates.filter((c) => c.state === 'suspended'),
          (c) => processorSet(c.processors),
        );
        const pendingOfSize = groupBy(
          candidates.filter((c) => c.state === 'pending'),
          (c) => c.size,
        );
        const rule2 = (c: JobView, victim: JobView) =>
          knowsDemand
            ? c.work! < opts.demandFraction * victim.work!
            : c.acquired < opts.acquiredFraction * victim.acquired;
        // Least served first, then first come (arrival is the arrival order: no two jobs tie).
        const better = (a: JobView, b: JobView) => standing(a) - standing(b) || a.arrival - b.arrival;
        let couldPreempt = false;
        for (const victim of victims) {
          const on = victim.processors;
          // Rules 1 and 4: who could ever take this job's place. The partners are looked up before
          // the job's processors are (a pass over thousands, per job and round).
          const stoppedHere = stoppedFrom.get(processorSet(on)) ?? [];
          const ofItsSize = pendingOfSize.get(victim.allocated) ?? [];
          if (stoppedHere.length === 0 && ofItsSize.length === 0) continue;
          if (victim.inOverhead || (reserved.size > 0 && on.some((p) => reserved.has(p)))) continue;
          // A pending group is in service order, which for jobs that have never run is their
          // standing's order (nothing acquired; or the demand, all of it remaining): the first
          // whose resources fit is the only one of them that may be chosen, as none after it
          // stands lower or passes rule 2 more easily.
          const roomForOneMore = ofItsSize.length > 0 && on.every(room);
          const pending = roomForOneMore ? ofItsSize.find((c) => ctx.machine.fits(0, c.demand)) : undefined;
          if (stoppedHere.length === 0 && !pending) continue;
          couldPreempt = true;
          // Rule 3, then rule 2.
          if (!hasRunMinimum(victim.sinceRun, minimumRun, ctx.now)) continue;
          let chosen: JobView | undefined;
          for (const c of pending ? [...stoppedHere, pending] : stoppedHere)
            if (rule2(c, victim) && (!chosen || better(c, chosen) < 0)) chosen = c;
          if (!chosen) continue;
          const group = chosen.state === 'suspended' ? stoppedHere : ofItsSize;
          group.splice(group.indexOf(chosen), 1);
          const processors = victim.processors;
          preempt(ctx, victim, chosen, profile.suspend > 0, promised);
          if (promised.has(chosen.id)) for (const p of processors) reserved.add(p);
        }

        // Wake at the next quantum while some waiting job could one day displace a running one
        // (rules 1 and 4), including one started or resumed in this round.
        couldPreempt ||= ctx.jobs.suspended.some(
          (s) => s.state === 'suspended' && s.processors.some((p) => ctx.machine.runningJob(p) >= 0),
        );
        if (!couldPreempt && limit >= 2) {
          const startedSizes = new Set(
            ctx.jobs.pending.filter((j) => j.state === 'running').map((j) => j.size),
          );
          couldPreempt = ctx.jobs.pending.some((c) => c.state === 'pending' && startedSizes.has(c.size));
        }
        if (couldPreempt && (timer === undefined || timer.at <= ctx.now)) {
          timer = ctx.setTimer(nextQuantum(ctx.now, opts.quantum), 'quantum');
        }
      },
    };
  },
});

function preempt(
  ctx: SchedulingContext,
  victim: JobView,
  chosen: JobView,
  suspendTakesTime: boolean,
  promised: Map<number, readonly number[]>,
): void {
  if (suspendTakesTime) {
    ctx.suspend(victim);
    promised.set(chosen.id, victim.processors);
  } else if (chosen.state === 'suspended') {
    ctx.switch({ suspend: [victim], resume: [chosen] });
  } else {
    const processors = victim.processors;
    ctx.suspend(victim);
    ctx.start(chosen, { processors });
  }
}

/** The items by `key`, each group in the items' order. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * A set of processors as a key, equal exactly for equal sets: its ids in increasing order. A job
 * view's processors are one array while they stay the same, so each set is written out once.
 */
function processorSet(processors: readonly number[]): string {
  let key = setKeys.get(processors);
  if (key === undefined) setKeys.set(processors, (key = [...processors].sort((a, b) => a - b).join()));
  return key;
}

const setKeys = new WeakMap<readonly number[], string>();
