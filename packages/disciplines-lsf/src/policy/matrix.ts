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
  committed(p: number): boolean;
  /** How many processors a pending job of this row may take: uncommitted, with room. */
  open: number;
  /** How many of those the pending jobs' minimums take. */
  reserved: number;
}

/**
 * The matrix as the cache shows it now: row 0 the running jobs, then the stopped jobs, each in
 * the first row (in arrival order) where its processors are still uncommitted, and at the
 * bottom an empty row, the one Ousterhout creates when no row has room for an incoming job.
 *
 * The stopped rows depend only on which jobs are stopped (a stopped job keeps its processors),
 * and most wake-ups (a quantum expiring, a departure from the running row) stop or resume
 * nobody, so they are kept from one round to the next and recomputed only when the stopped jobs
 * differ. Being a function of the cache alone, they are rebuilt the same by a discipline
 * created afresh mid-run (restartability, §3).
 */
export class Matrix {
  readonly #processors: number;
  #stopped: readonly JobView[] = [];
  #held: (readonly number[])[] = [];
  #rows: readonly (readonly JobView[])[] = [];

  /** A matrix over processors 0…processors − 1. */
  constructor(processors: number) {
    this.#processors = processors;
  }

  rows(running: readonly JobView[], stopped: readonly JobView[]): (readonly JobView[])[] {
    if (!this.#same(stopped)) {
      this.#rows = stoppedRows(stopped, this.#processors);
      this.#stopped = stopped;
      this.#held = stopped.map((j) => j.processors);
    }
    return [running, ...this.#rows, []];
  }

  #same(stopped: readonly JobView[]): boolean {
    if (stopped.length !== this.#stopped.length) return false;
    for (let i = 0; i < stopped.length; i++)
      if (stopped[i] !== this.#stopped[i] || stopped[i]!.processors !== this.#held[i]) return false;
    return true;
  }
}

/** The stopped jobs, in order, each in the first row where all its processors are uncommitted. */
function stoppedRows(stopped: readonly JobView[], processors: number): JobView[][] {
  const rows: JobView[][] = [];
  // used[r][p] is 1 once processor p is committed in stopped row r.
  const used: Uint8Array[] = [];
  for (const job of stopped) {
    const held = job.processors;
    let row = 0;
    for (; row < used.length; row++) {
      const u = used[row]!;
      let free = true;
      for (let i = 0; i < held.length && free; i++) free = u[held[i]!] === 0;
      if (free) break;
    }
    if (row === used.length) {
      used.push(new Uint8Array(processors));
      rows.push([]);
    }
    for (const p of held) used[row]![p] = 1;
    rows[row]!.push(job);
  }
  return rows;
}

/** What every row is filled against this round. */
export interface RowFilling {
  readonly ctx: SchedulingContext;
  /** Running jobs that must keep running (younger than the minimum run, or inside an overhead). */
  readonly keep: readonly JobView[];
  /** Processors no row can use (a job still inside its suspend overhead holds them). */
  readonly blocked: readonly number[];
  /** Candidates, best first: pending, stopped and running jobs not kept. */
  readonly candidates: readonly JobView[];
  /** How much service a job has had (acquired time, or remaining demand): less is better. */
  readonly standing: (job: JobView) => number;
  /**
   * 1 for each of the discipline's processors where one more job may become resident under the
   * multiprogramming limit (by processor id). Whoever the switch suspends stays resident, so
   * the count before the switch is the one that matters.
   */
  readonly room: Uint8Array;
  /** How many processors `room` marks. */
  readonly roomSize: number;
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
  const row = new FilledRow(f.marks, f.room, ++f.stamp);
  for (const p of f.blocked) row.block(p);
  for (const job of members) {
    if (row.collides(job)) return undefined;
    row.commit(job);
  }
  for (const job of f.keep) {
    if (row.resident.includes(job)) continue;
    if (row.collides(job)) return undefined;
    row.commit(job);
  }

  row.open = f.roomSize - row.held;
  const { machine } = f.ctx;
  let bound = probe ?? 0;
  if (probe !== undefined) for (const j of row.resident) bound = Math.min(bound, f.standing(j));
  let free: number[] | undefined;
  let joined = false;
  for (const job of f.candidates) {
    if (probe !== undefined && (joined || f.standing(job) >= bound)) break;
    if (job.state === 'pending') {
      if (row.open - row.reserved < job.minSize) continue;
      free ??= Array.from(machine.spec.capacities, (_, r) => machine.free(r));
      if (!fitsWithin(job.demand, free, machine.spec.capacities)) continue;
      for (let r = 0; r < job.demand.length; r++) free[r] = free[r]! - job.demand[r]!;
      row.pending.push(job);
      row.reserved += job.minSize;
    } else {
      // A started job here is committed exactly when it is in the row already.
      if (row.collides(job)) continue;
      const taken = row.roomOn(job);
      if (row.open - taken < row.reserved) continue;
      row.commit(job);
      row.open -= taken;
    }
    joined = true;
  }
  return row;
}

/**
 * A row being filled: the processors its jobs commit carry this row's stamp in the shared
 * marks (a row is filled in one go and read before the next is), so nothing is allocated per
 * processor and per row.
 */
class FilledRow implements MatrixRow {
  readonly resident: JobView[] = [];
  readonly pending: JobView[] = [];
  open = 0;
  reserved = 0;
  /** Committed processors that `room` marks. */
  held = 0;
  readonly #marks: Int32Array;
  readonly #room: Uint8Array;
  readonly #stamp: number;

  constructor(marks: Int32Array, room: Uint8Array, stamp: number) {
    this.#marks = marks;
    this.#room = room;
    this.#stamp = stamp;
  }

  committed(p: number): boolean {
    return this.#marks[p] === this.#stamp;
  }

  /** No job of this row may use processor `p`. */
  block(p: number): void {
    if (this.#marks[p] === this.#stamp) return;
    this.#marks[p] = this.#stamp;
    this.held += this.#room[p]!;
  }

  /** Whether a processor of `job` is committed already. */
  collides(job: JobView): boolean {
    for (const p of job.processors) if (this.#marks[p] === this.#stamp) return true;
    return false;
  }

  /** How many of `job`'s processors `room` marks. */
  roomOn(job: JobView): number {
    let n = 0;
    for (const p of job.processors) n += this.#room[p]!;
    return n;
  }

  /** `job` runs in this row, on its own processors (which must be uncommitted). */
  commit(job: JobView): void {
    for (const p of job.processors) {
      this.#marks[p] = this.#stamp;
      this.held += this.#room[p]!;
    }
    this.resident.push(job);
  }
}
