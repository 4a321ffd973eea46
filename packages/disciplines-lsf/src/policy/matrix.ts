import type { JobView } from '@js/core';
import { Footprint, processorBits } from './footprint.ts';

/**
 * A job as LSF-PREEMPT-AD's Ousterhout matrix (seed 000 §5.1) sees it, kept by the discipline from
 * round to round: as of this round, whether it is pending, its standing (acquired time, or
 * remaining demand: less is better) and its processors; and where the rounds placed it.
 */
export class MatrixJob {
  readonly arrival: number;
  readonly minSize: number;
  /** Whether it is pending, and its standing (less is better), as of the last round that saw it. */
  pending = false;
  standing = Number.NaN;
  footprint = new Footprint([]);
  /** The last round that saw it, and the last ranking that had it. */
  seen = 0;
  ranked = -1;
  /** Where the matrix last placed it: its stopped row, its place in the order, on what. */
  row = -1;
  slot = -1;
  placedOn: Footprint | undefined;
  /** Set by the matrix to tell this placing's jobs kept from the last one. */
  mark = 0;
  /** The last filled row that held it (see MatrixRow.holds). */
  inRow = 0;

  constructor(readonly job: JobView) {
    this.arrival = job.arrival;
    this.minSize = job.minSize;
  }
}

/**
 * The matrix as the cache shows it now: row 0 the running jobs, then the stopped jobs, each in
 * the first row (in arrival order) where its processors are still uncommitted, and at the
 * bottom an empty row, the one Ousterhout creates when no row has room for an incoming job.
 *
 * The stopped rows depend only on which jobs are stopped (a stopped job keeps its processors), so
 * they are kept from one round to the next and placed again only when those differ, and then
 * from the last placing. The jobs at the front that are as they were keep their rows outright
 * (first fit places a job by the jobs before it alone). Behind them the rows may differ from the
 * last placing only where a job left, came or moved (dirty cells: processors of a row), so a job
 * placed before is tested only against the dirty rows up to its own. Elsewhere the rows are as they were on its processors: it still collides with
 * those above its row, and still fits its row. The result is the first-fit placing made afresh
 * (a property test holds it to that), so a discipline created mid-run from the cache alone
 * builds the same rows (restartability, §3).
 */
export class Matrix {
  readonly #processors: number;
  /** The stopped jobs as last placed, in order. */
  #placed: MatrixJob[] = [];
  /** The stopped rows (the first `#count` in use), and the processors each commits. */
  readonly #rows: MatrixJob[][] = [];
  readonly #used: Int32Array[] = [];
  #count = 0;
  /** The rows with dirty cells, in order, and their dirty processors, by row. */
  readonly #dirtyRows: number[] = [];
  readonly #dirty: Int32Array[] = [];
  #mark = 0;

  /** A matrix over processors 0…processors − 1. */
  constructor(processors: number) {
    this.#processors = processors;
  }

  /** The rows in order; the stopped ones are brought up to date only when asked for. */
  *rows(running: readonly MatrixJob[], stopped: readonly MatrixJob[]): Generator<readonly MatrixJob[]> {
    yield running;
    this.#place(stopped);
    for (let r = 0; r < this.#count; r++) yield this.#rows[r]!;
    yield [];
  }

  #place(stopped: readonly MatrixJob[]): void {
    // First fit places each job by the jobs before it alone: the longest run of jobs at the front
    // that was placed last time, in the same order and on the same processors, keeps its rows.
    const placed = this.#placed;
    const shared = Math.min(stopped.length, placed.length);
    let front = 0;
    while (
      front < shared &&
      stopped[front] === placed[front] &&
      stopped[front]!.placedOn === stopped[front]!.footprint
    )
      front++;
    if (front === stopped.length && front === placed.length) return;
    // Behind it, the jobs placed last time on the same processors and in the same relative order
    // may keep their rows; every other job placed then has left or moved.
    let mark = ++this.#mark;
    let last = -1;
    let inOrder = true;
    for (let i = front; i < stopped.length; i++) {
      const job = stopped[i]!;
      if (placed[job.slot] !== job || job.placedOn !== job.footprint) continue;
      if (job.slot < last) inOrder = false;
      last = job.slot;
      job.mark = mark;
    }
    // Out of order, nothing of the last placing behind the front holds: those jobs are placed afresh.
    if (!inOrder) mark = ++this.#mark;

    for (const r of this.#dirtyRows) this.#dirty[r]!.fill(0);
    this.#dirtyRows.length = 0;
    // Take the jobs behind the front out of their rows, last first: each is then its row's last.
    for (let i = placed.length - 1; i >= front; i--) {
      const job = placed[i]!;
      if (job.mark !== mark) this.#soil(job.placedOn!, job.row);
      this.#rows[job.row]!.pop();
      job.placedOn!.removeFrom(this.#used[job.row]!);
    }
    placed.length = front;
    // The front's rows come first (a row is opened by the first job that needs it).
    while (this.#count > 0 && this.#rows[this.#count - 1]!.length === 0) this.#count--;
    for (let i = front; i < stopped.length; i++) {
      const job = stopped[i]!;
      const print = job.footprint;
      const before = job.mark === mark;
      const row = before ? this.#again(print, job.row) : this.#firstFit(print, 0);
      if (!before || row !== job.row) this.#soil(print, row);
      if (before && row !== job.row) this.#soil(print, job.row);
      if (row === this.#count && this.#count++ === this.#rows.length) {
        this.#rows.push([]);
        this.#used.push(processorBits(this.#processors));
      }
      print.addTo(this.#used[row]!);
      this.#rows[row]!.push(job);
      job.row = row;
      job.slot = placed.push(job) - 1;
      job.placedOn = print;
    }
  }

  /** The first row from `from` where a job fits, or a new one. */
  #firstFit(print: Footprint, from: number): number {
    for (let r = from; r < this.#count; r++) if (!print.meets(this.#used[r]!)) return r;
    return this.#count;
  }

  /** The first fit of a job placed last time in row `was` (see the class). */
  #again(print: Footprint, was: number): number {
    for (const r of this.#dirtyRows) {
      if (r > was) break;
      if (!print.meets(this.#dirty[r]!)) continue;
      if (r < was && !print.meets(this.#used[r]!)) return r;
      if (r === was && print.meets(this.#used[r]!)) return this.#firstFit(print, was + 1);
    }
    return was;
  }

  /** The cells of `print`'s processors in `row` may differ from the last placing. */
  #soil(print: Footprint, row: number): void {
    while (this.#dirty.length <= row) this.#dirty.push(processorBits(this.#processors));
    const rows = this.#dirtyRows;
    if (!rows.includes(row)) rows.splice(rows.findLastIndex((r) => r < row) + 1, 0, row);
    print.addTo(this.#dirty[row]!);
  }
}
