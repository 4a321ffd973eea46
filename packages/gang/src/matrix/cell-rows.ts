/** An idle cell. */
export const IDLE = -1;

/**
 * The cells of the scheduling matrix, row-major: one row of N processors per time slot, each cell
 * holding a job's handle or {@link IDLE}, with the busy cells counted per row so that a slot's
 * emptiness is O(1). Rows are kept in a buffer that doubles, so adding a slot is amortised O(N).
 * It knows nothing of jobs, trees or checks: the matrix does, and says which cells to write.
 */
export class CellRows {
  #capacity: number;
  #cells: Int32Array;
  #busy: Int32Array;

  constructor(
    readonly processors: number,
    capacity: number,
  ) {
    this.#capacity = capacity;
    this.#cells = new Int32Array(capacity * processors).fill(IDLE);
    this.#busy = new Int32Array(capacity);
  }

  /** The handle in a cell, or IDLE. */
  at(slot: number, processor: number): number {
    return this.#cells[slot * this.processors + processor]!;
  }

  /** Busy cells in a row. */
  busy(slot: number): number {
    return this.#busy[slot]!;
  }

  /** Set processors [start, start + width) of a row to `value` (a handle, or IDLE to free them). */
  write(slot: number, start: number, width: number, value: number): void {
    const base = slot * this.processors + start;
    this.#cells.fill(value, base, base + width);
    this.#busy[slot]! += value === IDLE ? -width : width;
  }

  /** Make row `slot` (the first unused one) an idle row, growing the buffer when full. */
  openRow(slot: number): void {
    if (slot === this.#capacity) this.#grow();
    this.#cells.fill(IDLE, slot * this.processors, (slot + 1) * this.processors);
    this.#busy[slot] = 0;
  }

  /** Remove row `slot` of `rows`: the later ones move up by one. */
  deleteRow(slot: number, rows: number): void {
    const n = this.processors;
    this.#cells.copyWithin(slot * n, (slot + 1) * n, rows * n);
    this.#busy.copyWithin(slot, slot + 1, rows);
  }

  /** First processor in [from, limit) that is busy in `slot`, or `limit`: where an idle run ends. */
  idleRunEnd(slot: number, from: number, limit: number): number {
    const cells = this.#cells;
    const base = slot * this.processors;
    for (let p = from; p < limit; p++) if (cells[base + p] !== IDLE) return p;
    return limit;
  }

  /** The handles of a row, each once, left to right (a job's cells in a row are one run). */
  handles(slot: number): number[] {
    const cells = this.#cells;
    const base = slot * this.processors;
    const handles: number[] = [];
    for (let p = 0, last = IDLE; p < this.processors; p++) {
      const h = cells[base + p]!;
      if (h !== IDLE && h !== last) handles.push(h);
      last = h;
    }
    return handles;
  }

  clone(): CellRows {
    const copy = new CellRows(this.processors, 0);
    copy.#capacity = this.#capacity;
    copy.#cells = this.#cells.slice();
    copy.#busy = this.#busy.slice();
    return copy;
  }

  #grow(): void {
    const capacity = this.#capacity * 2;
    const cells = new Int32Array(capacity * this.processors).fill(IDLE);
    cells.set(this.#cells);
    const busy = new Int32Array(capacity);
    busy.set(this.#busy);
    this.#cells = cells;
    this.#busy = busy;
    this.#capacity = capacity;
  }
}
