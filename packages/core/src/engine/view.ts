import type {
  JobsView,
  MachineView,
  Notes,
  Placement,
  ProcessorSetView,
  SchedulingContext,
  TimerHandle,
  Trigger,
} from './context.ts';
import { EventKind, Priority } from './event-queue.ts';
import type { JobView } from './job-view.ts';
import type { Operations } from './operations.ts';
import type { SimJob } from './sim-job.ts';
import type { Seat, World } from './world.ts';

/*
 * The facade a discipline gets. Every class here keeps the engine's objects in ES private
 * fields, which no property lookup, symbol, prototype walk or cast can reach, and the instances
 * are frozen. Snapshots handed out (job lists, triggers) are frozen arrays.
 */

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

/** Hands a round's triggers to a context; module-private, so a discipline cannot call it. */
let openRound: (context: Context, triggers: readonly Trigger[]) => void;

/** Begin a decision round: the context shows these triggers (frozen) until the next round. */
export function open(context: SchedulingContext, triggers: readonly Trigger[]): void {
  openRound(context as Context, triggers);
}

class Jobs implements JobsView {
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

class MachineFacade implements MachineView {
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

  free(r: number): number {
    return this.#w.ledger.free[r] ?? Number.NaN;
  }

  runningJob(p: number): number {
    return this.#w.ledger.runningJob[p] ?? -1;
  }

  residents(p: number): readonly number[] {
    const ids: number[] = [];
    for (const s of this.#w.seats) {
      for (const job of s.running) if (job.processors.includes(p)) ids.push(job.id);
      for (const job of s.suspended) if (job.processors.includes(p)) ids.push(job.id);
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

class NotesFacade implements Notes {
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

/** The scheduling context of one discipline (partition) for a whole run. */
export class Context implements SchedulingContext {
  static {
    openRound = (context, triggers) => {
      // A copy: what a discipline does to it changes nothing in the engine.
      context.#triggers = triggers.slice();
    };
  }

  readonly #w: World;
  readonly #seat: Seat;
  readonly #ops: Operations;
  #triggers: readonly Trigger[] = NONE;
  readonly discipline: string;
  readonly machine: MachineView;
  readonly jobs: JobsView;
  readonly notes: Notes;

  constructor(w: World, seat: Seat, ops: Operations) {
    this.#w = w;
    this.#seat = seat;
    this.#ops = ops;
    this.discipline = seat.name;
    this.machine = new MachineFacade(w, seat);
    this.jobs = new Jobs(w, seat);
    this.notes = new NotesFacade(seat, ops);
    Object.freeze(this);
  }

  get now(): number {
    return this.#w.now;
  }

  get triggers(): readonly Trigger[] {
    return this.#triggers;
  }

  estimatedEnd(view: JobView): number {
    return estimatedEnd(this.#w, this.#ops.own(view, 'estimatedEnd'));
  }

  start(job: JobView, placement?: Placement): void {
    this.#ops.start(job, placement);
  }

  place(job: JobView, placement: Placement): void {
    this.#ops.place(job, placement);
  }

  suspend(job: JobView): void {
    this.#ops.suspend(job);
  }

  resume(job: JobView): void {
    this.#ops.resume(job);
  }

  switch(change: { readonly suspend?: readonly JobView[]; readonly resume?: readonly JobView[] }): void {
    this.#ops.switch(change);
  }

  checkpoint(job: JobView): void {
    this.#ops.checkpoint(job);
  }

  resize(job: JobView, processors: number | ArrayLike<number>): void {
    this.#ops.resize(job, processors);
  }

  setTimer(at: number, tag = ''): TimerHandle {
    const w = this.#w;
    if (!(at > w.now) || !Number.isFinite(at)) {
      this.#ops.refuse(undefined, 'timer-in-future', `timer '${tag}' at ${at} is not after now (${w.now})`);
    }
    const { slot, handle } = w.timers.add(at, String(tag), this.#seat.index);
    w.queue.push(at, Priority.Timer, EventKind.Timer, slot, handle.id);
    return handle;
  }

  cancelTimer(timer: TimerHandle): void {
    this.#w.timers.cancel(timer, this.#seat.index);
  }

  reserve(view: JobView, at: number): void {
    const w = this.#w;
    const job = this.#ops.own(view, 'reserve');
    if (job.state !== 'pending' && job.state !== 'checkpointed') {
      this.#ops.refuse(job, 'reserve-needs-waiting-job', `it is ${job.state}`);
    }
    if (!(at >= w.now))
      this.#ops.refuse(job, 'reservation-in-future', `reservation at ${at} is before now (${w.now})`);
    for (const f of w.onReserved) f(view, at, w.now);
  }

  count(name: string, value: number): void {
    if (!Number.isFinite(value)) {
      this.#ops.refuse(undefined, 'counter-value', `counter '${name}' = ${value} is not a finite number`);
    }
    this.#seat.counters.set(String(name), value);
  }
}

/** Estimated end of a job: by its visible estimate, or by its true remaining work when the run says 'exact'. */
function estimatedEnd(w: World, job: SimJob): number {
  const p = job.processors.length || job.record.size;
  const base = job.progressing ? job.since : job.pendingOp ? job.busyUntil : w.now;
  let end: number;
  if (w.knowledge.runtimes === 'exact') {
    end = job.progressing
      ? job.endTime
      : base + (job.remaining * job.executionTime(p) * job.slowdown) / job.reference;
  } else {
    end = base + ((job.record.estimate - job.nominal) * job.record.size) / p;
  }
  return Math.max(end, w.now);
}
