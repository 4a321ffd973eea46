import type { JobsView, Notes } from './context.ts';
import { type JobView, recordOfView } from './job-view.ts';
import type { Operations } from './operations.ts';
import type { Seat, World } from './world.ts';

/** A discipline's jobs per state in submission order (see {@link JobsView}). */
export class Jobs implements JobsView {
  readonly #w: World;
  readonly #seat: Seat;

  constructor(w: World, seat: Seat) {
    this.#w = w;
    this.#seat = seat;
    Object.freeze(this);
  }

  get pending(): readonly JobView[] {
    return this.#seat.queue.snapshot(this.#seat.rounds);
  }

  get running(): readonly JobView[] {
    return this.#seat.running.views();
  }

  get suspended(): readonly JobView[] {
    return this.#seat.suspended.views();
  }

  get checkpointed(): readonly JobView[] {
    return this.#seat.checkpointed.views();
  }

  byId(id: number): JobView | undefined {
    const job = this.#w.job(id);
    return job && job.owner === this.#seat.index && job.arrived ? job.view : undefined;
  }
}

/** A discipline's own book-keeping per job (kept on the job) and per processor. */
export class NotesFacade implements Notes {
  readonly #seat: Seat;
  readonly #ops: Operations;

  constructor(seat: Seat, ops: Operations) {
    this.#seat = seat;
    this.#ops = ops;
    Object.freeze(this);
  }

  get(view: JobView): unknown {
    const job = recordOfView(view);
    if (job === undefined || job.owner !== this.#seat.index) return undefined;
    return job.leftRound === -1 || job.leftRound === this.#seat.rounds ? job.note : undefined;
  }

  set(view: JobView, value: unknown): void {
    this.#ops.own(view, 'notes').note = value;
  }

  delete(view: JobView): void {
    const job = recordOfView(view);
    if (job !== undefined && job.owner === this.#seat.index) job.note = undefined;
  }

  processor(p: number): unknown {
    return this.#seat.processorNotes.get(p);
  }

  setProcessor(p: number, value: unknown): void {
    this.#seat.processorNotes.set(p, value);
  }
}

// Shared by every run and partition in the process: nobody may redefine what a facade does.
Object.freeze(Jobs.prototype);
Object.freeze(Jobs);
Object.freeze(NotesFacade.prototype);
Object.freeze(NotesFacade);
