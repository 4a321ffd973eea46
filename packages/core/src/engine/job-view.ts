import { executionTimeOf } from '../job/job.ts';
import { visibleTraits } from './knowledge.ts';
import type { SimJob } from './sim-job.ts';

/** Where a job is in its life cycle: waiting to start, running, preempted (suspended in place or checkpointed), or gone. */
export type JobState = 'pending' | 'running' | 'suspended' | 'checkpointed' | 'finished' | 'killed';

/**
 * What a discipline sees of a job: the request, what the knowledge setting reveals, and the
 * information cache of seed 000 (states, processors, accumulated times). Read-only: static facts
 * are read-only copies, dynamic ones accessors over the engine's record.
 */
export interface JobView {
  readonly id: number;
  readonly submit: number;
  /** Arrival order within the run, from 0: FCFS order. */
  readonly arrival: number;
  readonly size: number;
  readonly minSize: number;
  readonly maxSize: number;
  /** Runtime estimate on `size` processors: the user's, or the true runtime with `runtimes: 'exact'`. */
  readonly estimate: number;
  /** Service demand (work on one processor, seconds) with `demand` knowledge; else undefined. */
  readonly work: number | undefined;
  /** Speedup on p processors, T(1) / T(p), with `speedup` knowledge; else undefined. */
  readonly speedup: ((p: number) => number) | undefined;
  /** Execution time on p processors, with both `demand` and `speedup` knowledge; else undefined. */
  readonly executionTime: ((p: number) => number) | undefined;
  /**
   * Fraction of its work done so far, 0…1, with both `demand` and `speedup` knowledge (as
   * `executionTime`: either alone cannot tell work done from time run); else undefined. Exact
   * across every count it ran on (a malleable job's resizes, a restart on another count) and
   * under contention, where `runTime` over one count's execution time is not.
   */
  readonly progress: number | undefined;
  /** Amounts of the machine's named resources, in the machine's resource order. */
  readonly demand: readonly number[];
  readonly user: number | undefined;
  readonly group: number | undefined;
  readonly queue: number | undefined;
  readonly partition: number | undefined;
  /** The traits the knowledge setting reveals. */
  readonly traits: Readonly<Record<string, number>> | undefined;
  readonly state: JobState;
  /** Processors it runs on (or, when suspended, is resident on); empty otherwise. */
  readonly processors: readonly number[];
  /** How many processors it holds: `processors.length`, without building the list. */
  readonly allocated: number;
  /** Time of its first start; NaN before. */
  readonly firstStart: number;
  /** Processors at its last start (a checkpointed job restarts on as many); 0 before. */
  readonly lastProcessors: number;
  /** Seconds of progress so far (wall clock while running). */
  readonly runTime: number;
  /** Processor time acquired so far: ∫ processors dt while it held processors. */
  readonly acquired: number;
  /** Seconds spent waiting (pending, or preempted and not resident-running) so far. */
  readonly pendingTime: number;
  /** Seconds since its last start, resume or resize (0 unless running). */
  readonly sinceRun: number;
  /** True while an operation's overhead is under way (no progress, resources held). */
  readonly inOverhead: boolean;
  /** Times it has been suspended, checkpointed, resized. */
  readonly preemptions: number;
  readonly checkpoints: number;
  readonly resizes: number;
}

const NONE: readonly number[] = Object.freeze([]);
const NO_PROCESSORS = new Int32Array(0);

/** Sets a view's copy of its job's state and processors; for the engine only. */
export let mirror: (view: JobViewImpl, state: JobState, processors: Int32Array) => void;

/** The engine's record behind a view, or undefined for anything that is not one; for the engine only. */
export let recordOfView: (view: unknown) => SimJob | undefined;

/**
 * The one view of a job. The engine's record sits in an ES private field, which no symbol
 * lookup, prototype walk or cast can reach; the request's fields (read in every scan of the
 * queue) are private copies. Every property is a getter without a setter, so an assignment
 * throws, and arrays handed out are frozen.
 */
export class JobViewImpl implements JobView {
  static {
    mirror = (view, state, processors) => {
      view.#state = state;
      view.#held = processors;
    };
    recordOfView = (view) =>
      typeof view === 'object' && view !== null && #job in view ? (view as JobViewImpl).#job : undefined;
  }

  readonly #job: SimJob;
  readonly #clock: { readonly now: number };
  // Numbers start as numbers (see SimJob): V8 keeps them as number fields.
  readonly #id: number = 0;
  readonly #arrival: number = 0;
  readonly #size: number = 0;
  readonly #estimate: number = 0;
  #state: JobState = 'pending';
  #held: Int32Array = NO_PROCESSORS;
  #processorsOf: Int32Array = NO_PROCESSORS;
  #processors: readonly number[] = NONE;
  #demand: readonly number[] | undefined;
  #traits: Readonly<Record<string, number>> | undefined | null = null;
  #speedup: ((p: number) => number) | undefined;
  #executionTime: ((p: number) => number) | undefined;

  constructor(job: SimJob, clock: { readonly now: number }) {
    this.#job = job;
    this.#clock = clock;
    this.#id = job.id;
    this.#arrival = job.arrival;
    this.#size = job.size;
    this.#estimate = job.visibleEstimate;
  }

  get id() {
    return this.#id;
  }

  get submit() {
    return this.#job.record.submit;
  }

  get arrival() {
    return this.#arrival;
  }

  get size() {
    return this.#size;
  }

  get minSize() {
    return this.#job.minSize;
  }

  get maxSize() {
    return this.#job.maxSize;
  }

  get estimate() {
    return this.#estimate;
  }

  get work() {
    return this.#job.knowledge.demand ? executionTimeOf(this.#job.record, 1) : undefined;
  }

  get speedup() {
    if (!this.#job.knowledge.speedup) return undefined;
    const record = this.#job.record;
    this.#speedup ??= (p: number) => executionTimeOf(record, 1) / executionTimeOf(record, p);
    return this.#speedup;
  }

  get executionTime() {
    const { knowledge, record } = this.#job;
    if (!knowledge.speedup || !knowledge.demand) return undefined;
    this.#executionTime ??= (p: number) => executionTimeOf(record, p);
    return this.#executionTime;
  }

  get progress() {
    const job = this.#job;
    return job.knowledge.demand && job.knowledge.speedup ? job.workDone(this.#clock.now) : undefined;
  }

  get demand() {
    const demand = this.#job.demand;
    this.#demand ??= demand.length ? Object.freeze(Array.from(demand)) : NONE;
    return this.#demand;
  }

  get user() {
    return this.#job.record.user;
  }

  get group() {
    return this.#job.record.group;
  }

  get queue() {
    return this.#job.record.queue;
  }

  get partition() {
    return this.#job.record.partition;
  }

  get traits() {
    if (this.#traits === null) {
      const { record, knowledge } = this.#job;
      this.#traits = visibleTraits(record.traits, record.traitKnowledge, knowledge);
    }
    return this.#traits;
  }

  get state() {
    return this.#state;
  }

  get processors(): readonly number[] {
    const held = this.#held;
    if (held !== this.#processorsOf) {
      this.#processorsOf = held;
      this.#processors = held.length ? Object.freeze(Array.from(held)) : NONE;
    }
    return this.#processors;
  }

  get allocated() {
    return this.#held.length;
  }

  get firstStart() {
    return this.#job.firstStart;
  }

  get lastProcessors() {
    return this.#job.lastCount;
  }

  get runTime() {
    return this.#job.runTime(this.#clock.now);
  }

  get acquired() {
    return this.#job.acquired(this.#clock.now);
  }

  get pendingTime() {
    return this.#job.pendingTime(this.#clock.now);
  }

  get sinceRun() {
    return this.#job.state === 'running' ? this.#clock.now - this.#job.lastRun : 0;
  }

  get inOverhead() {
    return this.#job.pendingOp !== null;
  }

  get preemptions() {
    return this.#job.preemptions;
  }

  get checkpoints() {
    return this.#job.checkpoints;
  }

  get resizes() {
    return this.#job.resizes;
  }
}

// Shared by every run and partition in the process: nobody may redefine what a facade does.
Object.freeze(JobViewImpl.prototype);
Object.freeze(JobViewImpl);
