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
  /** Processors a pending job of this row may take: uncommitted, with room under the limit. */
  readonly open: Set<number>;
  /** How many of `open` the pending jobs' minimums take. */
  reserved: number;
}

/**
 * The matrix as the cache shows it now: row 0 the running jobs, then the stopped jobs, each in
 * the first row (in arrival order) where its processors are still uncommitted, and at the
 * bottom an empty row, the one Ousterhout creates when no row has room for an incoming job.
 */
export function matrixRows(running: readonly JobView[], stopped: readonly JobView[]): JobView[][] {
  const rows: JobView[][] = [[...running]];
  const used: Set<number>[] = [];
  for (const job of stopped) {
    let row = used.findIndex((u) => job.processors.every((p) => !u.has(p)));
    if (row < 0) {
      row = used.length;
      used.push(new Set());
      rows.push([]);
    }
    for (const p of job.processors) used[row]!.add(p);
    rows[row + 1]!.push(job);
  }
  rows.push([]);
  return rows;
}

/** What every row is filled against this round. */
export interface RowFilling {
  readonly ctx: SchedulingContext;
  /** Every processor the discipline owns. */
  readonly owned: readonly number[];
  /** Running jobs that must keep running (younger than the minimum run, or inside an overhead). */
  readonly keep: readonly JobView[];
  /** Processors no row can use (a job still inside its suspend overhead holds them). */
  readonly blocked: ReadonlySet<number>;
  /** Candidates, best first: pending, stopped and running jobs not kept. */
  readonly candidates: readonly JobView[];
  /** Most jobs resident on one processor. */
  readonly limit: number;
}

/**
 * Fill one row (seed 000 §5.1): its own jobs first; the jobs that must keep running, or give up
 * the row (undefined) if they collide with it; then the uncommitted processors are populated
 * with the best candidates: a pending job on its minimum count from the open processors, a
 * stopped or running job from another row only if all its processors are uncommitted here.
 */
export function fillRow(members: readonly JobView[], f: RowFilling): MatrixRow | undefined {
  const committed = new Set<number>(f.blocked);
  const resident: JobView[] = [];
  const commit = (job: JobView): boolean => {
    if (job.processors.some((p) => committed.has(p))) return false;
    for (const p of job.processors) committed.add(p);
    resident.push(job);
    return true;
  };
  for (const job of members) if (!commit(job)) return undefined;
  for (const job of f.keep) if (!members.includes(job) && !commit(job)) return undefined;

  const { machine } = f.ctx;
  // A pending job adds one resident process to each of its processors; whoever is suspended
  // there by the switch stays resident, so the count is the one before the switch.
  const open = new Set(
    f.owned.filter((p) => !committed.has(p) && machine.residents(p).length + 1 <= f.limit),
  );
  const row: MatrixRow = { resident, pending: [], open, reserved: 0 };
  const free = Array.from(machine.spec.capacities, (_, r) => machine.free(r));
  for (const job of f.candidates) {
    if (resident.includes(job)) continue;
    if (job.state === 'pending') {
      if (open.size - row.reserved < job.minSize) continue;
      if (!fitsWithin(job.demand, free, machine.spec.capacities)) continue;
      for (let r = 0; r < job.demand.length; r++) free[r] = free[r]! - job.demand[r]!;
      row.pending.push(job);
      row.reserved += job.minSize;
    } else {
      const taken = job.processors.filter((p) => open.has(p)).length;
      if (open.size - taken < row.reserved || !commit(job)) continue;
      for (const p of job.processors) open.delete(p);
    }
  }
  return row;
}
