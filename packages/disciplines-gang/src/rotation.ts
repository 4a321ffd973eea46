import type { JobId, SchedulingMatrix } from '@js/gang';

/**
 * Where a slot created at a boundary takes its turn in the round. The paper does not say (§1:
 * "all parallel jobs in the system take turns to receive the service in a coordinated manner";
 * §3: re-packing "only rearrange[s] the order of job execution … in a scheduling round").
 * - 'last': at the end of the round, after every slot already there — the matrix appends the new
 *   row, and the slots run in row order. A new slot created just after the last row ran runs
 *   next; otherwise the slots after the one that ran all go first.
 * - 'next': right after the slot that just ran, so the new job starts at once; every other slot
 *   keeps its turn in the round (the new slot is inserted in the cycle, nobody is skipped).
 */
export type NewSlotTurn = 'last' | 'next';

/**
 * Which slot runs: gang scheduling runs the slots of the matrix in turn, one quantum each, every
 * slot once per round (§1, §2). The order of turns is a cycle over the matrix's rows, kept apart
 * from the row indices so that a new slot can be put anywhere in it ('next') while the matrix
 * only appends rows. Between two boundaries the matrix only loses jobs (departures free cells,
 * never move them), so the running slot keeps its row. At a boundary the matrix may gain slots,
 * lose slots (deleted by re-packing) and have jobs shifted between slots; the turn passes to the
 * slot that followed the one just run in the cycle, wherever deletions have moved it (or to the
 * slots just created, under 'next'). Re-packing reorders execution within a round (§3), so a job
 * shifted to a slot whose turn came already may wait longer this round and less the next.
 */
export class SlotRotation {
  readonly #matrix: SchedulingMatrix;
  readonly #newSlot: NewSlotTurn;
  /** Every row of the matrix once, in the order of their turns in a round (a cycle). */
  readonly #order: number[] = [];
  /** The row running now, −1 when there is none. */
  #active = -1;
  /** Where in #order the next turn is taken from: just after the running row (0 when none). */
  #gap = 0;
  /** Rows created since the running one began, inserted at the gap in creation order ('next'). */
  #inserted = 0;
  /** The rotation starts afresh at the next boundary: rows created until then go last ('next' too). */
  #fresh = true;
  /** The jobs of each slot asked for since the last change to the matrix (most boundaries only rotate). */
  readonly #jobsOf = new Map<number, ReadonlySet<JobId>>();

  constructor(matrix: SchedulingMatrix, newSlot: NewSlotTurn = 'last') {
    this.#matrix = matrix;
    this.#newSlot = newSlot;
    for (let s = 0; s < matrix.slots; s++) this.#order.push(s);
    matrix.subscribe((event) => {
      this.#jobsOf.clear();
      if (event.kind === 'addSlot') this.#added(event.slot);
      else if (event.kind === 'deleteSlot') this.#deleted(event.slot);
    });
  }

  get active(): number {
    return this.#active;
  }

  /** The boundary's changes are made: the next slot takes its turn (the first, after the last). */
  endBoundary(): number {
    const order = this.#order;
    const at = this.#gap < order.length ? this.#gap : 0;
    this.#active = order.length === 0 ? -1 : order[at]!;
    this.#gap = order.length === 0 ? 0 : at + 1;
    this.#inserted = 0;
    this.#fresh = false;
    return this.#active;
  }

  /**
   * The matrix stood empty since its last boundary: the next round starts afresh, with the slots in
   * row order from the first, as when the rotation began. BC keeps its last slot while empty; that
   * slot's turn is long over, so it does not push the slots added for the next jobs ahead of it.
   */
  restart(): void {
    this.#order.length = 0;
    for (let s = 0; s < this.#matrix.slots; s++) this.#order.push(s);
    this.#gap = 0;
    this.#inserted = 0;
    this.#fresh = true;
  }

  /** The jobs of the running slot, in placement order (do not change the set). */
  jobsOfActiveSlot(): ReadonlySet<JobId> {
    if (this.#active < 0) return none;
    let jobs = this.#jobsOf.get(this.#active);
    if (jobs === undefined) {
      jobs = new Set(this.#matrix.jobsInSlot(this.#active));
      this.#jobsOf.set(this.#active, jobs);
    }
    return jobs;
  }

  /** The matrix appended `row`: at the end of the cycle, or right after the running slot. */
  #added(row: number): void {
    if (this.#newSlot === 'last' || this.#fresh) this.#order.push(row);
    else this.#order.splice(this.#gap + this.#inserted++, 0, row);
  }

  /** The matrix deleted `row` (later rows move up by one): the others keep their turns. */
  #deleted(row: number): void {
    const order = this.#order;
    const at = order.indexOf(row);
    order.splice(at, 1);
    for (let i = 0; i < order.length; i++) if (order[i]! > row) order[i] = order[i]! - 1;
    // A deleted row before the gap (the running one included) moves the gap back by one, so the
    // turn still goes to the row that followed; one among the new rows just makes them fewer.
    if (at < this.#gap) this.#gap--;
    else if (at < this.#gap + this.#inserted) this.#inserted--;
  }
}

const none: ReadonlySet<JobId> = new Set();
