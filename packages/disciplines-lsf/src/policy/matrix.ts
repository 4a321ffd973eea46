import type { JobView, SchedulingContext } from '@js/core';
import { fitsWithin } from '@js/machine';

/**
 * One row of LSF-PREEMPT-AD's Ousterhout matrix (seed 000 §5.1): the jobs that would run
 * together if the row were chosen. Started jobs (running or stopped) sit on their own processors;
 * pending jobs are fitted on their minimum count and get actual processors only if the row wins.
 */
export interface MatrixRow {
  /** Running or stopped jobs of the row, on their own processors. */
  readonly resident: JobView[];
  /** Pending jobs fitted into the row. */
  readonly pending: JobView[];
  /** Whether the row's running and stopped jobs hold a processor (or no row may use it). */
  readonly committed: (p: number) => boolean;
  /** How many processors a pending job of this row may take: uncommitted, with room. */
  open: number;
  /** How many of those the pending jobs' minimums take. */
  reserved: number;
}

/**
 * The matrix as the cache shows it now: row 0 the running jobs, then the stopped jobs, each in
 * the first row (in arrival order) where its processors are still uncommitted, and at the
 * bottom an empty row, the one Ousterhout creates when no row has room for an incoming job.
 */
export function matrixRows(running: readonly JobView[], stopped: readonly JobView[]): JobView[][] {
  const rows: JobView[][] = [[...running]];
  // used[r][p] is 1 once processor p is committed in stopped row r + 1.
  const used: Uint8Array[] = [];
  const processors = Math.max(0, ...stopped.flatMap((j) => j.processors)) + 1;
  for (const job of stopped) {
    let row = used.findIndex((u) => job.processors.every((p) => u[p] === 0));
    if (row < 0) {
      row = used.length;
      used.push(new Uint8Array(processors));
      rows.push([]);
    }
    for (const p of job.processors) used[row]![p] = 1;
    rows[row + 1]!.push(job);
  }
  rows.push([]);
  return rows;
}

/** What every row is filled against this round. */
export interface RowFilling {
  readonly ctx: SchedulingContext;
  /** Running jobs that must keep running (younger than the minimum run, or inside an overhead). */
  readonly keep: readonly JobView[];
  /** Processors no row can use (a job still inside its suspend overhead holds them). */
  readonly blocked: ReadonlySet<number>;
  /** Candidates, best first: pending, stopped and running jobs not kept. */
  readonly candidates: readonly JobView[];
  /** How much service a job has had (acquired time, or remaining demand): less is better. */
  readonly standing: (job: JobView) => number;
  /**
   * The discipline's processors where one more job may become resident under the
   * multiprogramming limit. Whoever the switch suspends stays resident, so the count before
   * the switch is the one that matters.
   */
  readonly room: ReadonlySet<number>;
  /** Scratch marks, one per processor of the machine, and the last stamp used on them. */
  readonly marks: Int32Array;
  stamp: number;
}

/**
 * Fill one row (seed 000 §5.1): its own jobs first; the jobs that must keep running, or give up
 * the row (undefined) if they collide with it; then the uncommitted processors are populated
 * with the best candidates: a pending job on its minimum count from the open processors, a
 * stopped or running job from another row only if all its processors are uncommitted here.
 * A `probe` asks only for the row's least-served job, when it is below `probe`: candidates join
 * best first, so the filling stops at the first to join, or as soon as none could beat `probe`
 * or the row's own jobs.
 */
export function fillRow(members: readonly JobView[], f: RowFilling, probe?: number): MatrixRow | undefined {
  const stamp = ++f.stamp;
  const { marks } = f;
  const committed = (p: number) => marks[p] === stamp;
  const row: MatrixRow = { resident: [], pending: [], committed, open: 0, reserved: 0 };
  let held = 0;
  for (const p of f.blocked) {
    marks[p] = stamp;
    if (f.room.has(p)) held++;
  }
  const inRow = new Set<JobView>();
  const commit = (job: JobView): boolean => {
    if (inRow.has(job)) return true;
    if (job.processors.some(committed)) return false;
    for (const p of job.processors) {
      marks[p] = stamp;
      if (f.room.has(p)) held++;
    }
    row.resident.push(job);
    inRow.add(job);
    return true;
  };
  for (const job of members) if (!commit(job)) return undefined;
  for (const job of f.keep) if (!commit(job)) return undefined;

  row.open = f.room.size - held;
  const { machine } = f.ctx;
  const free = Array.from(machine.spec.capacities, (_, r) => machine.free(r));
  const bound = probe === undefined ? 0 : Math.min(probe, ...row.resident.map(f.standing));
  let joined = false;
  for (const job of f.candidates) {
    if (probe !== undefined && (joined || f.standing(job) >= bound)) break;
    if (inRow.has(job)) continue;
    if (job.state === 'pending') {
      if (row.open - row.reserved < job.minSize) continue;
      if (!fitsWithin(job.demand, free, machine.spec.capacities)) continue;
      for (let r = 0; r < job.demand.length; r++) free[r] = free[r]! - job.demand[r]!;
      row.pending.push(job);
      row.reserved += job.minSize;
    } else {
      if (job.processors.some(committed)) continue;
      const before = held;
      const taken = job.processors.filter((p) => f.room.has(p)).length;
      if (row.open - taken < row.reserved) continue;
      commit(job);
      row.open -= held - before;
    }
    joined = true;
  }
  return row;
}
