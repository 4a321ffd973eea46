import type { JobsView, Notes } from './context.ts';
import type { JobView } from './job-view.ts';
import type { Operations } from './operations.ts';
import type { SimJob } from './sim-job.ts';
import type { Seat, World } from './world.ts';

const NONE: readonly never[] = Object.freeze([]);
const byArrival = (a: SimJob, b: SimJob) => a.arrival - b.arrival;

/** A frozen snapshot of a state's jobs as views, in submission order. */
function snapshot(jobs: Iterable<SimJob>): readonly JobView[] {
  const list = [...jobs];
  for (let i = 1; i < list.length; i++) {
    if (list[i - 1]!.arrival > list[i]!.arrival) {
      list.sort(byArrival);
      break;
    }
  }
  return Object.freeze(list.map((j) => j.view));
}

/** A discipline's jobs per state in submission order (see {@link JobsView}). */
export class Jobs implements JobsView {
  readonly #w: World;
  readonly #seat: Seat;
  #version = -1;
  #running: readonly JobView[] = NONE;
  #suspended: readonly JobView[] = NONE;
  #checkpointed: readonly JobView[] = NONE;

  constructor(w: World, seat: Seat) {
    this.#w = w;
    this.#seat = seat;
    Object.freeze(this);
  }

  get pending(): readonly JobView[] {
    return this.#seat.queue.snapshot(this.#seat.rounds);
  }

  get running(): readonly JobView[] {
    this.#states();
    return this.#running;
  }

  get suspended(): readonly JobView[] {
    this.#states();
    return this.#suspended;
  }

  get checkpointed(): readonly JobView[] {
    this.#states();
    return this.#checkpointed;
  }

  byId(id: number): JobView | undefined {
    const job = this.#w.byId.get(id);
    return job && job.owner === this.#seat.index && job.arrived ? job.view : undefined;
  }

  #states(): void {
    const seat = this.#seat;
    if (this.#version === seat.version) return;
    this.#version = seat.version;
    this.#running = snapshot(seat.running);
    this.#suspended = snapshot(seat.suspended);
    this.#checkpointed = snapshot(seat.checkpointed);
  }
}

/** A discipline's own book-keeping per job (dropped when the job leaves) and per processor. */
export class NotesFacade implements Notes {
  readonly #seat: Seat;
  readonly #ops: Operations;

  constructor(seat: Seat, ops: Operations) {
    this.#seat = seat;
    this.#ops = ops;
    Object.freeze(this);
  }

  get(job: JobView): unknown {
    return this.#seat.jobNotes.get(job.id);
  }

  set(job: JobView, value: unknown): void {
    this.#ops.own(job, 'notes');
    this.#seat.jobNotes.set(job.id, value);
  }

  delete(job: JobView): void {
    this.#seat.jobNotes.delete(job.id);
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
