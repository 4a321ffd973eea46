import type {
  JobsView,
  MachineView,
  Notes,
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

/**
 * The engine side of a discipline's context: it opens each decision round. The context itself
 * is a frozen object of closures over the world, so no property, prototype or cast leads from it
 * to engine state.
 */
export interface ContextControl {
  readonly context: SchedulingContext;
  /** Hand this round's triggers to the context (frozen) before calling `schedule`. */
  open(triggers: readonly Trigger[]): void;
}

export function createContext(w: World, seat: Seat, ops: Operations): ContextControl {
  let triggers: readonly Trigger[] = Object.freeze([]);
  const snapshots = {
    version: -1,
    running: [] as readonly JobView[],
    suspended: [] as readonly JobView[],
    checkpointed: [] as readonly JobView[],
  };
  let pendingOf: SimJob[] | undefined;
  let pendingLength = -1;
  let pendingVersion = -1;
  let pending: readonly JobView[] = Object.freeze([]);
  const states = () => {
    if (snapshots.version !== seat.version) {
      snapshots.version = seat.version;
      snapshots.running = snapshot(seat.running);
      snapshots.suspended = snapshot(seat.suspended);
      snapshots.checkpointed = snapshot(seat.checkpointed);
    }
    return snapshots;
  };

  const jobs: JobsView = Object.freeze({
    get pending() {
      // The queue changes only by arrivals and by the compaction after a round: a snapshot
      // taken during a round stays valid for the whole round.
      if (
        pendingOf !== seat.pending ||
        pendingLength !== seat.pending.length ||
        pendingVersion !== seat.pendingEpoch
      ) {
        pendingOf = seat.pending;
        pendingLength = seat.pending.length;
        pendingVersion = seat.pendingEpoch;
        pending = Object.freeze(seat.pending.map((j) => j.view));
      }
      return pending;
    },
    get running() {
      return states().running;
    },
    get suspended() {
      return states().suspended;
    },
    get checkpointed() {
      return states().checkpointed;
    },
    byId(id: number) {
      const job = w.byId.get(id);
      return job && job.owner === seat.index && job.arrived ? job.view : undefined;
    },
  });

  const machine = machineView(w, seat);
  const jobNotes = seat.jobNotes;
  const processorNotes = seat.processorNotes;
  const notes: Notes = Object.freeze({
    get: (job: JobView) => jobNotes.get(job.id),
    set: (job: JobView, value: unknown) => {
      ops.own(job, 'notes');
      jobNotes.set(job.id, value);
    },
    delete: (job: JobView) => {
      jobNotes.delete(job.id);
    },
    processor: (p: number) => processorNotes.get(p),
    setProcessor: (p: number, value: unknown) => {
      processorNotes.set(p, value);
    },
  });

  const context: SchedulingContext = Object.freeze({
    get now() {
      return w.now;
    },
    discipline: seat.name,
    get triggers() {
      return triggers;
    },
    machine,
    jobs,
    notes,
    estimatedEnd: (view: JobView) => estimatedEnd(w, ops.own(view, 'estimatedEnd')),
    start: (job: JobView, placement?: { processors?: number | ArrayLike<number> }) =>
      ops.start(job, placement),
    place: (job: JobView, placement: { processors?: number | ArrayLike<number> }) =>
      ops.place(job, placement),
    suspend: (job: JobView) => ops.suspend(job),
    resume: (job: JobView) => ops.resume(job),
    switch: (change: { suspend?: readonly JobView[]; resume?: readonly JobView[] }) => ops.switch(change),
    checkpoint: (job: JobView) => ops.checkpoint(job),
    resize: (job: JobView, processors: number | ArrayLike<number>) => ops.resize(job, processors),
    setTimer: (at: number, tag = ''): TimerHandle => {
      if (!(at > w.now) || !Number.isFinite(at)) {
        ops.refuse(undefined, 'timer-in-future', `timer '${tag}' at ${at} is not after now (${w.now})`);
      }
      const { slot, handle } = w.timers.add(at, String(tag), seat.index);
      w.queue.push(at, Priority.Timer, EventKind.Timer, slot, handle.id);
      return handle;
    },
    cancelTimer: (timer: TimerHandle) => {
      w.timers.cancel(timer, seat.index);
    },
    reserve: (view: JobView, at: number) => {
      const job = ops.own(view, 'reserve');
      if (job.state !== 'pending' && job.state !== 'checkpointed') {
        ops.refuse(job, 'reserve-needs-waiting-job', `it is ${job.state}`);
      }
      if (!(at >= w.now))
        ops.refuse(job, 'reservation-in-future', `reservation at ${at} is before now (${w.now})`);
      for (const f of w.onReserved) f(view, at, w.now);
    },
    count: (name: string, value: number) => {
      if (!Number.isFinite(value))
        ops.refuse(undefined, 'counter-value', `counter '${name}' = ${value} is not a finite number`);
      seat.counters.set(String(name), value);
    },
  });

  return {
    context,
    open(next) {
      triggers = Object.freeze(next.slice());
    },
  };
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

function machineView(w: World, seat: Seat): MachineView {
  const { ledger } = w;
  const owned = seat.owned;
  const idleOwned = (): number => {
    if (seat.whole) return ledger.idle.size;
    let n = 0;
    for (let i = 0; i < owned.length; i++) if (ledger.idle.has(owned[i]!)) n++;
    return n;
  };
  const idle: ProcessorSetView = seat.whole
    ? Object.freeze({
        get size() {
          return ledger.idle.size;
        },
        has: (p: number) => ledger.idle.has(p),
        lowest: (count: number) => ledger.idle.lowest(count),
        firstRun: (length: number, align?: number) => ledger.idle.firstRun(length, align),
      })
    : Object.freeze({
        get size() {
          return idleOwned();
        },
        has: (p: number) => w.seatOf[p] === seat.index && ledger.idle.has(p),
        lowest: (count: number) => {
          const out = new Int32Array(count);
          let n = 0;
          for (let i = 0; i < owned.length && n < count; i++)
            if (ledger.idle.has(owned[i]!)) out[n++] = owned[i]!;
          return n === count ? out : out.subarray(0, n);
        },
        firstRun: (length: number, align = 1) => {
          let run = 0;
          for (let i = 0; i < owned.length; i++) {
            const p = owned[i]!;
            const contiguous = i > 0 && owned[i - 1] === p - 1;
            if (!ledger.idle.has(p)) run = 0;
            else if (run > 0 && contiguous) run++;
            else run = p % align === 0 ? 1 : 0;
            if (run === length) return p - length + 1;
          }
          return -1;
        },
      });
  return Object.freeze({
    spec: w.machine,
    processors: owned.length,
    get idleProcessors() {
      return idleOwned();
    },
    idle,
    free: (r: number) => ledger.free[r] ?? Number.NaN,
    runningJob: (p: number) => ledger.runningJob[p] ?? -1,
    residents: (p: number) => {
      const ids: number[] = [];
      for (const s of w.seats) {
        for (const set of [s.running, s.suspended]) {
          for (const job of set) if (job.processors.includes(p)) ids.push(job.id);
        }
      }
      return Object.freeze(ids.sort((a, b) => a - b));
    },
    fits: (count: number, demand: ArrayLike<number>) =>
      seat.whole ? ledger.fits(count, demand) : idleOwned() >= count && ledger.fits(0, demand),
  });
}
