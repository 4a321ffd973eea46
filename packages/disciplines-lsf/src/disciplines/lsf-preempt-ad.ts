import { defineDiscipline, hasRunMinimum, type JobView, type SchedulingContext } from '@js/core';
import * as z from 'zod';
import { addBit, hasBit, processorBits } from '../policy/footprint.ts';
import { Matrix, type MatrixJob } from '../policy/matrix.ts';
import { Candidates, Census } from '../policy/matrix-census.ts';
import { fillRow, type MatrixRow } from '../policy/matrix-row.ts';
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
    const census = new Census(machine.processors);
    const candidates = new Candidates();
    const matrix = new Matrix(machine.processors);
    // Scratch per processor, reused every round.
    const room = processorBits(machine.processors);
    const committed = processorBits(machine.processors);
    return {
      schedule(ctx) {
        const { pending, running, suspended } = ctx.jobs;
        const knowsDemand = (pending[0] ?? running[0] ?? suspended[0])?.work !== undefined;
        const jobs = census.take(ctx.jobs, (j) => (knowsDemand ? remainingDemand(j)! : j.acquired));

        // A job inside its suspend overhead still holds its processors and cannot be resumed yet.
        const blocked: number[] = [];
        const stopped: MatrixJob[] = [];
        for (const entry of jobs.suspended) {
          if (entry.job.inOverhead) blocked.push(...entry.job.processors);
          else stopped.push(entry);
        }
        const keep: MatrixJob[] = [];
        const movable: MatrixJob[] = [];
        for (const entry of jobs.running) {
          const { job } = entry;
          if (job.inOverhead || !hasRunMinimum(job.sinceRun, minimumRun, ctx.now)) keep.push(entry);
          else movable.push(entry);
        }
        // The discipline's processors (idle, or held by its jobs) where one more job may reside.
        const { residents } = census;
        const { idle } = ctx.machine;
        room.fill(0);
        let roomSize = 0;
        for (let p = 0; p < residents.length; p++) {
          const n = residents[p]!;
          if ((n > 0 || idle.has(p)) && n + 1 <= limit) {
            addBit(room, p);
            roomSize++;
          }
        }
        candidates.rank([jobs.pending, stopped, movable]);
        const filling = { ctx, keep, blocked, candidates, room, roomSize, committed };

        // Steps 1–3: fill every row, choose the one holding the least-served job (the earlier row
        // on a tie). Only whether a row beats the best so far matters until one is chosen, so
        // rows are probed (see fillRow), or passed over when they surely cannot (see mayBeat), and
        // only the chosen one is filled to the end. No row can beat a best that is the least-served
        // job of all: the rows after it are not looked at (nor the stopped rows placed).
        let chosen: readonly MatrixJob[] | undefined;
        let least = Number.POSITIVE_INFINITY;
        let stoppedRow = -2; // the running row comes before the stopped rows 0, 1, …
        for (const members of matrix.rows(jobs.running, stopped)) {
          stoppedRow++;
          if (stoppedRow >= 0 && !mayBeat(stoppedRow, candidates.list, least)) continue;
          const row = fillRow(members, filling, least);
          if (row && row.least < least) {
            least = row.least;
            chosen = members;
          }
          if (least <= candidates.floor) break;
        }

        if (chosen) switchTo(ctx, fillRow(chosen, filling)!, room, machine.processors, profile.suspend === 0);
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
function switchTo(
  ctx: SchedulingContext,
  row: MatrixRow,
  room: Int32Array,
  processorCount: number,
  suspendIsFree: boolean,
): void {
  const pending = row.pending.map((entry) => entry.job);
  const resident = row.resident.map((entry) => entry.job);
  const counts = pending.map((j) => j.minSize);
  spreadLeftovers(pending, counts, row.open - row.reserved);
  const inRow = new Set(resident);
  const suspend = ctx.jobs.running.filter((j) => !inRow.has(j));
  const resume = resident.filter((j) => j.state === 'suspended');
  if (suspendIsFree) {
    if (suspend.length || resume.length) ctx.switch({ suspend, resume });
  } else {
    // Processors are freed only when the suspend's overhead ends: resume and start what can go
    // now; the overhead's end wakes the discipline for the rest.
    if (suspend.length) ctx.switch({ suspend });
    for (const j of resume) if (j.processors.every((p) => ctx.machine.idle.has(p))) ctx.resume(j);
  }
  if (pending.length === 0) return;
  const open: number[] = [];
  for (let p = 0; p < processorCount; p++) if (hasBit(room, p) && !row.committed(p)) open.push(p);
  pending.forEach((job, i) => {
    const processors = open.splice(0, counts[i]!);
    if (processors.every((p) => ctx.machine.idle.has(p))) ctx.start(job, { processors });
  });
}

/**
 * Whether stopped row `r` may hold a job below `least`, judged without filling it: whether a
 * candidate below `least` (they are in order) may be in it. Its own jobs are candidates, placed in
 * row `r`; the kept jobs are in every row, the running one first, so `least` is no more than
 * theirs by now. A stopped job placed in a lower row may not join: it went lower because it shares
 * a processor with a job placed before it in this row or above, and in this row that job is a
 * member.
 */
function mayBeat(r: number, candidates: readonly MatrixJob[], least: number): boolean {
  for (const job of candidates) {
    if (job.standing >= least) return false;
    if (job.job.state !== 'suspended' || job.row <= r) return true;
  }
  return false;
}
