import type { SchedulingContext } from '@js/core';
import { fitsWithin } from '@js/machine';
import { addBit, hasBit } from './footprint.ts';
import type { MatrixJob } from './matrix.ts';
import type { Candidates } from './matrix-census.ts';

/** What every row is filled against this round. */
export interface RowFilling {
  readonly ctx: SchedulingContext;
  /** Running jobs that must keep running (younger than the minimum run, or inside an overhead). */
  readonly keep: readonly MatrixJob[];
  /** Processors no row can use (a job still inside its suspend overhead holds them). */
  readonly blocked: readonly number[];
  /** The candidates best first: pending, stopped and running jobs not kept. */
  readonly candidates: Candidates;
  /**
   * The discipline's processors where one more job may become resident under the
   * multiprogramming limit, as bits, and how many. Whoever the switch suspends stays resident, so
   * the count before the switch is the one that matters.
   */
  readonly room: Int32Array;
  readonly roomSize: number;
  /** Scratch bits for the processors a row commits. */
  readonly committed: Int32Array;
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
export function fillRow(members: readonly MatrixJob[], f: RowFilling, probe?: number): MatrixRow | undefined {
  const row = new MatrixRow(f);
  for (const p of f.blocked) row.block(p);
  for (const job of members) {
    if (row.collides(job)) return undefined;
    row.commit(job);
  }
  for (const job of f.keep) {
    if (row.holds(job)) continue;
    if (row.collides(job)) return undefined;
    row.commit(job);
  }

  row.open = f.roomSize - row.held;
  const { machine } = f.ctx;
  const bound = Math.min(probe ?? 0, row.least);
  const { list } = f.candidates;
  let free: number[] | undefined;
  // Room only shrinks as candidates join, so a pending job passed over would not fit later.
  for (let i = 0; (i = f.candidates.next(i, row.open - row.reserved)) < list.length; i++) {
    const candidate = list[i]!;
    if (probe !== undefined && candidate.standing >= bound) break;
    if (candidate.pending) {
      const { demand } = candidate.job;
      free ??= Array.from(machine.spec.capacities, (_, r) => machine.free(r));
      if (!fitsWithin(demand, free, machine.spec.capacities)) continue;
      for (let r = 0; r < demand.length; r++) free[r] = free[r]! - demand[r]!;
      row.pending.push(candidate);
      row.reserved += candidate.minSize;
      row.least = Math.min(row.least, candidate.standing);
    } else {
      // A started job here is committed exactly when it is in the row already.
      if (row.collides(candidate)) continue;
      const taken = candidate.footprint.countIn(f.room);
      if (row.open - taken < row.reserved) continue;
      row.commit(candidate);
      row.open -= taken;
    }
    if (probe !== undefined) break;
  }
  return row;
}

/**
 * One row of the matrix, filled: the jobs that would run together if it were chosen. Started
 * jobs (running or stopped) sit on their own processors; pending jobs are fitted on their minimum
 * count and get actual processors only if the row wins. The processors its jobs commit are bits
 * in the filling's scratch (a row is filled in one go and read before the next is).
 */
export class MatrixRow {
  /** Running or stopped jobs of the row, on their own processors. */
  readonly resident: MatrixJob[] = [];
  /** Pending jobs fitted into the row. */
  readonly pending: MatrixJob[] = [];
  /** How many processors its pending jobs may take (uncommitted, with room), and their minimums. */
  open = 0;
  reserved = 0;
  /** The least standing of its jobs (Infinity for a row without any). */
  least = Number.POSITIVE_INFINITY;
  /** Its committed processors that have room. */
  held = 0;
  readonly #f: RowFilling;
  /** Marks the jobs this row holds (see MatrixJob.inRow): rows are numbered as they are made. */
  static #made = 0;
  readonly #stamp = ++MatrixRow.#made;

  constructor(f: RowFilling) {
    this.#f = f;
    f.committed.fill(0);
  }

  /** Whether `job` runs in this row (a look at the job, not a search of the row). */
  holds(job: MatrixJob): boolean {
    return job.inRow === this.#stamp;
  }

  /** Whether the row's running and stopped jobs hold processor `p` (or no row may use it). */
  committed(p: number): boolean {
    return hasBit(this.#f.committed, p);
  }

  /** No job of this row may use processor `p`. */
  block(p: number): void {
    if (this.committed(p)) return;
    addBit(this.#f.committed, p);
    if (hasBit(this.#f.room, p)) this.held++;
  }

  /** Whether a processor of `job` is committed already. */
  collides(job: MatrixJob): boolean {
    return job.footprint.meets(this.#f.committed);
  }

  /** `job` runs in this row, on its own processors (which must be uncommitted). */
  commit(job: MatrixJob): void {
    job.footprint.addTo(this.#f.committed);
    this.held += job.footprint.countIn(this.#f.room);
    job.inRow = this.#stamp;
    this.resident.push(job);
    this.least = Math.min(this.least, job.standing);
  }
}
