import type { MachineView, ProcessorSetView } from './context.ts';
import type { Seat, World } from './world.ts';

/** The idle processors a discipline owns, read-only. */
class IdleProcessors implements ProcessorSetView {
  readonly #w: World;
  readonly #seat: Seat;

  constructor(w: World, seat: Seat) {
    this.#w = w;
    this.#seat = seat;
    Object.freeze(this);
  }

  get size(): number {
    return idleOwned(this.#w, this.#seat);
  }

  has(p: number): boolean {
    return this.#w.seatOf[p] === this.#seat.index && this.#w.ledger.idle.has(p);
  }

  lowest(count: number): Int32Array {
    const { ledger } = this.#w;
    const seat = this.#seat;
    if (seat.whole) return ledger.idle.lowest(count);
    const out = new Int32Array(count);
    let n = 0;
    for (let i = 0; i < seat.owned.length && n < count; i++)
      if (ledger.idle.has(seat.owned[i]!)) out[n++] = seat.owned[i]!;
    return n === count ? out : out.slice(0, n);
  }

  firstRun(length: number, align = 1): number {
    const { ledger } = this.#w;
    const owned = this.#seat.owned;
    if (this.#seat.whole) return ledger.idle.firstRun(length, align);
    let run = 0;
    for (let i = 0; i < owned.length; i++) {
      const p = owned[i]!;
      if (!ledger.idle.has(p)) run = 0;
      else if (run > 0 && i > 0 && owned[i - 1] === p - 1) run++;
      else run = p % align === 0 ? 1 : 0;
      if (run === length) return p - length + 1;
    }
    return -1;
  }
}

function idleOwned(w: World, seat: Seat): number {
  if (seat.whole) return w.ledger.idle.size;
  let n = 0;
  for (let i = 0; i < seat.owned.length; i++) if (w.ledger.idle.has(seat.owned[i]!)) n++;
  return n;
}

/** The machine as a discipline sees it: reads only. */
export class MachineFacade implements MachineView {
  readonly #w: World;
  readonly #seat: Seat;
  readonly spec;
  readonly processors: number;
  readonly idle: ProcessorSetView;

  constructor(w: World, seat: Seat) {
    this.#w = w;
    this.#seat = seat;
    this.spec = w.machine;
    this.processors = seat.owned.length;
    this.idle = new IdleProcessors(w, seat);
    Object.freeze(this);
  }

  get idleProcessors(): number {
    return idleOwned(this.#w, this.#seat);
  }

  // Only a valid index reaches the ledger's arrays: any other key (a string such as 'buffer')
  // would read a property of the typed array itself.
  free(r: number): number {
    const { free } = this.#w.ledger;
    return Number.isInteger(r) && r >= 0 && r < free.length ? free[r]! : Number.NaN;
  }

  runningJob(p: number): number {
    const { runningJob } = this.#w.ledger;
    return Number.isInteger(p) && p >= 0 && p < runningJob.length ? runningJob[p]! : -1;
  }

  residentCount(p: number): number {
    const { resident } = this.#w.ledger;
    return Number.isInteger(p) && p >= 0 && p < resident.length ? resident[p]! : 0;
  }

  residents(p: number): readonly number[] {
    const ids: number[] = [];
    for (const s of this.#w.seats) {
      for (const set of [s.running, s.suspended, s.checkpointed]) {
        // A job checkpointing still holds its processors until the checkpoint's cost is paid.
        for (const job of set) if (job.processors.includes(p)) ids.push(job.id);
      }
    }
    return Object.freeze(ids.sort((a, b) => a - b));
  }

  fits(count: number, demand: ArrayLike<number>): boolean {
    const { ledger } = this.#w;
    const seat = this.#seat;
    return seat.whole
      ? ledger.fits(count, demand)
      : idleOwned(this.#w, seat) >= count && ledger.fits(0, demand);
  }
}

// Shared by every run and partition in the process: nobody may redefine what a facade does.
Object.freeze(MachineFacade.prototype);
Object.freeze(MachineFacade);
Object.freeze(IdleProcessors.prototype);
Object.freeze(IdleProcessors);
