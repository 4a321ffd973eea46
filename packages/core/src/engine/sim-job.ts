import type { Machine } from '@js/machine';
import type { Job } from '../job/job.ts';
import { executionTimeOf, maxProcessors, minProcessors } from '../job/job.ts';
import type { Operation } from './context.ts';
import { type JobState, type JobViewImpl, mirror } from './job-view.ts';
import type { Knowledge } from './knowledge.ts';

const NO_PROCESSORS = new Int32Array(0);

/**
 * The engine's state of one job in the system; never handed to a discipline (it sees the
 * job's {@link JobViewImpl}). Progress is kept as `remaining` work in reference seconds (the
 * execution time on `size` processors with no contention), falling at `speed` reference
 * seconds per second while `progressing`: a rigid job without contention runs at speed 1
 * exactly, so integer quanta leave no rounding residue.
 */
export class SimJob {
  // Every number field starts as a number, never undefined: V8 then keeps it as a number field
  // updated in place, where an undefined start would make each fractional write allocate.
  view!: JobViewImpl;
  readonly id: number = 0;
  readonly size: number = 0;
  /** The runtime estimate the run's knowledge lets disciplines see. */
  readonly visibleEstimate: number = 0;
  readonly minSize: number = 0;
  readonly maxSize: number = 0;
  readonly demand: Float64Array;
  /** Execution time on `size` processors: the unit of `remaining`. */
  readonly reference: number = 0;
  /** The discipline (partition) that owns the job. */
  owner = 0;
  /** False between admission (read one job ahead) and its arrival event. */
  arrived = false;

  #state: JobState = 'pending';
  #processors: Int32Array = NO_PROCESSORS;

  get state(): JobState {
    return this.#state;
  }

  /** The view keeps its own copy of state and processors, so a scan of views touches nothing else. */
  set state(state: JobState) {
    this.#state = state;
    mirror(this.view, state, this.#processors);
  }

  get processors(): Int32Array {
    return this.#processors;
  }

  set processors(processors: Int32Array) {
    this.#processors = processors;
    mirror(this.view, this.#state, processors);
  }

  firstStart = Number.NaN;
  /** Processors at the first start (reported in the outcome). */
  firstProcessors = 0;
  backfilled = false;

  /** Work left, in reference seconds, as of `since`. */
  remaining = 0;
  /** Reference seconds of work done per second at the current allocation and slowdown. */
  speed = 0;
  /** The contention model's factor for the current placement. */
  slowdown = 1;
  /** Seconds of progress up to `since`. */
  ran = 0;
  /** Progress in the visible estimate's units (nominal seconds on `size` processors) up to `since`. */
  nominal = 0;
  since = 0;
  progressing = false;
  /** Time of the scheduled completion (or kill) while progressing. */
  endTime = Number.POSITIVE_INFINITY;
  /** Time of the last start, resume or resize (minimum-run rules measure from here). */
  lastRun = 0;

  /** The operation whose overhead is under way, and when it ends. */
  pendingOp: Operation | null = null;
  busyUntil = 0;
  /** Validates the job's one live event: a fresh run-wide token whenever the old event goes stale. */
  token = 0;
  /** The event queue's cell of that event (-1: none pushed yet), so a superseded one is taken out. */
  eventCell = -1;

  /** ∫ processors dt while holding processors, up to `lastRun` while it holds them now. */
  processorTime = 0;
  /** Whether it holds processors now: it has since its last start, resume or resize (`lastRun`). */
  holding = false;
  /** Seconds waiting up to `waitingSince` (NaN while not waiting). */
  waited = 0;
  waitingSince = 0;
  /** Count of processors at the last start, so a checkpointed job restarts on as many. */
  lastCount = 0;

  /** Its neighbours in its discipline's waiting queue (while pending). */
  waitingPrev: SimJob | null = null;
  waitingNext: SimJob | null = null;
  /** Its position in its state's {@link JobSet} (-1 while pending or gone). */
  stateIndex = -1;
  /** The last {@link JobSet} list build that listed it (so that a build lists it once). */
  listedBuild = 0;
  /** Index of its entry in the engine's job table (event payloads refer to it). */
  entry = -1;
  /** Whether the checkpoint under way began from running (else from suspended: residency only). */
  checkpointedWhileRunning = false;
  /** The owner's switch that last named the job (a switch names each job once). */
  switchMark = 0;

  preemptions = 0;
  checkpoints = 0;
  resizes = 0;

  /** The discipline's note on the job (`ctx.notes`): kept here, so it goes with the job. */
  note: unknown = undefined;
  /** The owner's decision round that reports the job's leaving (its note is readable until then). */
  leftRound = -1;

  constructor(
    readonly record: Job,
    readonly arrival: number,
    machine: Machine,
    readonly knowledge: Knowledge,
  ) {
    this.id = record.id;
    this.size = record.size;
    this.visibleEstimate = knowledge.runtimes === 'exact' ? record.runtime : record.estimate;
    this.minSize = minProcessors(record);
    this.maxSize = maxProcessors(record);
    this.demand = machine.demandVector(record.resources);
    this.reference = executionTimeOf(record, record.size);
    this.remaining = this.reference;
    this.waitingSince = record.submit;
  }

  runTime(now: number): number {
    return this.ran + (this.progressing ? now - this.since : 0);
  }

  acquired(now: number): number {
    return this.processorTime + (this.holding ? (now - this.lastRun) * this.processors.length : 0);
  }

  /**
   * Fraction of its work done by `now`, 0…1: exact whatever counts it ran on, since `remaining` is
   * kept in reference seconds and falls at the speed of each allocation in turn.
   */
  workDone(now: number): number {
    const left = this.progressing ? this.remaining - (now - this.since) * this.speed : this.remaining;
    return this.reference > 0 ? Math.min(1, Math.max(0, 1 - left / this.reference)) : 0;
  }

  pendingTime(now: number): number {
    return this.waited + (Number.isNaN(this.waitingSince) ? 0 : now - this.waitingSince);
  }

  /** True execution time on `p` processors (physics; never shown to a discipline). */
  executionTime(p: number): number {
    return executionTimeOf(this.record, p);
  }

  static readonly noProcessors = NO_PROCESSORS;
}
