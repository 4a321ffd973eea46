import { defineDiscipline, hasRunMinimum, type JobView, type SchedulingContext } from '@js/core';
import * as z from 'zod';
import { fillRow, Matrix, type MatrixRow } from '../policy/matrix.ts';
import { nextQuantum, Wake } from '../policy/reallocation.ts';
import { remainingDemand } from '../policy/service-order.ts';
import { spreadLeftovers } from '../policy/spread.ts';

const options = z
  .object({
    quantum: z
      .number()
      .positive()
      .default(60)
      .describe(
        'quantum, seconds: while a job waits, the rows are re-evaluated at every multiple of it (the paper names no value; 60 s is its minimum run before a simple preemption, so a switched-in row is looked at again as soon as it may be switched out)',
      ),
  })
  .strict();

/**
 * LSF-PREEMPT-AD (Parsons & Sevcik 1997, seed 000 §5.1), adaptive with simple preemption, an
 * Ousterhout-style matrix whose rows are sets of jobs that run together. Whenever a job arrives
 * or departs or a quantum expires:
 *  1. the running and stopped jobs are organised into the matrix, row 0 the running jobs (and,
 *     as Ousterhout creates one for a job no row has room for, an empty row at the bottom);
 *  2. each row is examined in turn: its uncommitted processors are populated with the best
 *     pending, stopped or running jobs (least acquired processor time, or least remaining demand
 *     with demand knowledge); a stopped or running job switches rows only if all its processors
 *     are uncommitted there; a pending job takes its minimum count, on processors that stay within
 *     the multiprogramming limit; running jobs younger than the minimum run (60 s on LSF) keep
 *     running in every row, and a row that cannot hold them is skipped;
 *  3. the row holding the job with the least acquired processor time (least remaining demand)
 *     is chosen, the earlier row on a tie (switching nothing beats switching);
 *  4. its free processors go to its pending jobs by equi-allocation (by efficiency with speedup
 *     knowledge), and the machine switches to it: running jobs not in it are suspended, its
 *     stopped jobs resumed, its pending jobs started.
 */
export const lsfPreemptAd = defineDiscipline({
  name: 'lsf-preempt-ad',
  summary: 'adaptive simple preemption: a matrix of job rows, switch to the row holding the least-served job',
  source: 'Parsons & Sevcik 1997, §5.1 (LSF-PREEMPT-AD)',
  options,
  capabilities: { sizing: 'moldable', preemption: 'suspend' },
  create: (opts, { machine, profile }) => {
    const limit = Math.min(profile.multiprogrammingLimit, machine.multiprogrammingLimit);
    const minimumRun = profile.minRunBeforeSuspend;
    const wake = new Wake();
    const matrix = new Matrix(machine.processors);
    // Scratch per processor, reused every round.
    const marks = new Int32Array(machine.processors);
    const residents = new Int32Array(machine.processors);
    const room = new Uint8Array(machine.processors);
    return {
      schedule(ctx) {
        const { jobs } = ctx;
        const { pending, running, suspended } = jobs;
        const knowsDemand = (pending[0] ?? running[0] ?? suspended[0])?.work !== undefined;
        const served = new Map<JobView, number>();
        for (const list of [pending, running, suspended])
          for (const j of list) served.set(j, knowsDemand ? remainingDemand(j)! : j.acquired);
        const standing = (j: JobView) => served.get(j)!;

        // A job inside its suspend overhead still holds its processors and cannot be resumed yet.
        const blocked: number[] = [];
        const stopped: JobView[] = [];
        for (const j of suspended) {
          if (j.inOverhead) blocked.push(...j.processors);
          else stopped.push(j);
        }
        const keep = running.filter((j) => j.inOverhead || !hasRunMinimum(j.sinceRun, minimumRun, ctx.now));
        // The discipline's processors (idle or held by its jobs) where one more job may reside.
        residents.fill(0);
        room.fill(0);
        for (const p of ctx.machine.idle.lowest(ctx.machine.idleProcessors)) room[p] = 1;
        for (const list of [running, suspended]) {
          for (const j of list) {
            for (const p of j.processors) {
              room[p] = 1;
              residents[p]!++;
            }
          }
        }
        let roomSize = 0;
        for (let p = 0; p < room.length; p++) {
          if (room[p] === 1 && residents[p]! + 1 > limit) room[p] = 0;
          roomSize += room[p]!;
        }
        // Best first: least served, earliest arrival on a tie (each key looked up once).
        const ranked = [...pending, ...stopped, ...running.filter((j) => !keep.includes(j))]
          .map((job) => ({ job, standing: standing(job), arrival: job.arrival }))
          .sort((a, b) => a.standing - b.standing || a.arrival - b.arrival);
        const filling = {
          ctx,
          keep,
          blocked,
          standing,
          candidates: ranked.map((r) => r.job),
          room,
          roomSize,
          marks: marks.fill(0),
          stamp: 0,
        };

        // Steps 1–3: fill every row, choose the one holding the least-served job (the earlier row
        // on a tie). Only whether a row beats the best so far matters until one is chosen, so
        // rows are probed (see fillRow) and only the chosen one is filled to the end.
        let chosen: readonly JobView[] | undefined;
        let least = Number.POSITIVE_INFINITY;
        for (const members of matrix.rows(running, stopped)) {
          const row = fillRow(members, filling, least);
          if (!row) continue;
          for (const list of [row.resident, row.pending]) {
            for (const j of list) {
              if (standing(j) < least) {
                least = standing(j);
                chosen = members;
              }
            }
          }
        }

        if (chosen) switchTo(ctx, fillRow(chosen, filling)!, room, profile.suspend === 0);
        // Look again when the quantum expires while any of this round's jobs waits, as the switch
        // left them.
        const waits = (j: JobView) => j.state === 'pending' || j.state === 'suspended';
        if (pending.some(waits) || running.some(waits) || suspended.some(waits))
          wake.at(ctx, nextQuantum(ctx.now, opts.quantum), 'quantum');
      },
    };
  },
});

/**
 * Step 4: spread the row's free processors over its pending jobs (equi-allocation, or by
 * efficiency with speedup knowledge), then switch to the row: running jobs not in it are
 * suspended, its stopped jobs resumed, its pending jobs started.
 */
function switchTo(ctx: SchedulingContext, row: MatrixRow, room: Uint8Array, suspendIsFree: boolean): void {
  const counts = row.pending.map((j) => j.minSize);
  spreadLeftovers(row.pending, counts, row.open - row.reserved);
  const inRow = new Set(row.resident);
  const suspend = ctx.jobs.running.filter((j) => !inRow.has(j));
  const resume = row.resident.filter((j) => j.state === 'suspended');
  if (suspendIsFree) {
    if (suspend.length || resume.length) ctx.switch({ suspend, resume });
  } else {
    // Processors are freed only when the suspend's overhead ends: resume and start what can go
    // now; the overhead's end wakes the discipline for the rest.
    if (suspend.length) ctx.switch({ suspend });
    for (const j of resume) if (j.processors.every((p) => ctx.machine.idle.has(p))) ctx.resume(j);
  }
  if (row.pending.length === 0) return;
  const open: number[] = [];
  for (let p = 0; p < room.length; p++) if (room[p] === 1 && !row.committed(p)) open.push(p);
  row.pending.forEach((job, i) => {
    const processors = open.splice(0, counts[i]!);
    if (processors.every((p) => ctx.machine.idle.has(p))) ctx.start(job, { processors });
  });
}
