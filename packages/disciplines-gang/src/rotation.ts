import type { JobId, SchedulingMatrix } from '@js/gang';

/**
 * Which slot runs: gang scheduling runs the slots of the matrix in turn, one quantum each, every
 * slot once per round (§1, §2). Between two boundaries the matrix only loses jobs (departures
 * free cells, never move them), so the running slot keeps its index. At a boundary the matrix
 * may gain a slot (appended last), lose slots (deleted by re-packing) and have jobs shifted
 * between slots; the turn passes to the slot that followed the one just run, wherever
 * deletions have moved it. Re-packing reorders execution within a round (§3), so a job shifted
 * to an earlier slot may wait longer this round and less the next.
 */
export class SlotRotation {
  readonly #matrix: SchedulingMatrix;
  /** The slot running now, −1 when there is none. */
  #active = -1;
  /** The slot whose turn comes next, as slot indices are now. */
  #next = 0;
  /** The jobs of the running slot, as of the last change to the matrix (rebuilt when asked after one). */
  #jobs: ReadonlySet<JobId> | undefined;

  constructor(matrix: SchedulingMatrix) {
    this.#matrix = matrix;
    matrix.subscribe((event) => {
      this.#jobs = undefined;
      // Slots are deleted only at boundaries, between beginBoundary and endBoundary.
      if (event.kind === 'deleteSlot' && event.slot < this.#next) this.#next--;
    });
  }

  get active(): number {
    return this.#active;
  }

  /** A boundary begins: the turn after the slot that ran is the next one. */
  beginBoundary(): void {
    this.#next = this.#active + 1;
  }

  /** The boundary's changes are made: the next slot takes its turn (the first, after the last). */
  endBoundary(): number {
    const slots = this.#matrix.slots;
    this.#active = slots === 0 ? -1 : this.#next < slots ? this.#next : 0;
    this.#jobs = undefined;
    return this.#active;
  }

  /** The jobs of the running slot, in placement order (do not change the set). */
  jobsOfActiveSlot(): ReadonlySet<JobId> {
    if (this.#active < 0) return none;
    this.#jobs ??= new Set(this.#matrix.jobsInSlot(this.#active));
    return this.#jobs;
  }
}

const none: ReadonlySet<JobId> = new Set();
