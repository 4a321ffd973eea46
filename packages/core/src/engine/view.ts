import type {
  JobsView,
  MachineView,
  Notes,
  Placement,
  SchedulingContext,
  SwitchChange,
  TimerHandle,
  Trigger,
} from './context.ts';
import { EventKind, Priority } from './event-queue.ts';
import type { JobView } from './job-view.ts';
import { Jobs, NotesFacade } from './jobs-view.ts';
import { MachineFacade } from './machine-view.ts';
import type { Operations } from './operations.ts';
import type { SimJob } from './sim-job.ts';
import type { TriggerLog } from './trigger-log.ts';
import type { Seat, World } from './world.ts';

/*
 * The facade a discipline gets (with jobs-view.ts and machine-view.ts). Each class keeps the
 * engine's objects in ES private fields, which no property lookup, symbol, prototype walk or
 * cast can reach, and its instances are frozen. Lists handed out are frozen snapshots, or
 * copies the engine never reads back (the waiting queue, the triggers).
 */

const NONE: readonly never[] = Object.freeze([]);

/** Hands a round's triggers over to a context; module-private, so a discipline cannot call it. */
let openRound: (context: Context, triggers: TriggerLog) => void;

/** Begin a decision round: the context shows these triggers (the log is left alone until the next round). */
export function open(context: SchedulingContext, triggers: TriggerLog): void {
  openRound(context as Context, triggers);
}

/** The scheduling context of one discipline (partition) for a whole run. */
export class Context implements SchedulingContext {
  static {
    openRound = (context, triggers) => {
      context.#log = triggers;
      context.#triggers = undefined;
    };
  }

  readonly #w: World;
  readonly #seat: Seat;
  readonly #ops: Operations;
  #log: TriggerLog | undefined;
  /** The round's triggers, built at the first read: a new array, which the engine never reads back. */
  #triggers: readonly Trigger[] | undefined;
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
    this.#triggers ??= this.#log ? this.#log.triggers() : NONE;
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

  switch(change: SwitchChange): void {
    const { slot } = change;
    if (slot !== undefined && !(Number.isInteger(slot) && slot >= 0)) {
      this.#ops.refuse(undefined, 'switch-slot', `slot ${slot} is not a whole number ≥ 0`);
    }
    this.#ops.switch(change);
    if (slot === undefined || this.#w.onSlot.length === 0) return;
    const event = { time: this.#w.now, discipline: this.discipline, slot };
    for (const f of this.#w.onSlot) f(event);
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
    const { entry, handle } = w.timers.add(at, String(tag), this.#seat.index);
    w.queue.push(at, Priority.Timer, EventKind.Timer, entry, handle.id);
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

// Shared by every run and partition in the process: nobody may redefine what a facade does.
Object.freeze(Context.prototype);
Object.freeze(Context);
