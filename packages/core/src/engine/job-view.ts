import { executionTimeOf } from '../job/job.ts';
import type { Knowledge } from './knowledge.ts';
import { visibleTraits } from './knowledge.ts';
import type { SimJob } from './sim-job.ts';

export type JobState = 'pending' | 'running' | 'suspended' | 'checkpointed' | 'finished' | 'killed';

/**
 * What a discipline sees of a job: the request, what the knowledge setting reveals, and the
 * information cache of seed 000 (states, processors, accumulated times). Read-only: static facts
 * are frozen own properties, dynamic ones accessors over the engine's record.
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
  /** Execution time on p processors with `speedup` knowledge; else undefined. */
  readonly executionTime: ((p: number) => number) | undefined;
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
  /** Seconds since its last start or resume (0 unless running). */
  readonly sinceRun: number;
  /** True while an operation's overhead is under way (no progress, resources held). */
  readonly inOverhead: boolean;
  /** Times it has been suspended, checkpointed, resized. */
  readonly preemptions: number;
  readonly checkpoints: number;
  readonly resizes: number;
}

const NONE: readonly number[] = Object.freeze([]);

/**
 * The one view of a job. The engine record sits in an ES private field, which no symbol
 * lookup, prototype walk or cast can reach; the object is frozen, so assignments throw.
 */
export class JobViewImpl implements JobView {
  readonly #job: SimJob;
  readonly #clock: { readonly now: number };
  #processorsOf: Int32Array | undefined;
  #processors: readonly number[] = NONE;

  declare readonly id: number;
  declare readonly submit: number;
  declare readonly arrival: number;
  declare readonly size: number;
  declare readonly minSize: number;
  declare readonly maxSize: number;
  declare readonly estimate: number;
  declare readonly work: number | undefined;
  declare readonly executionTime: ((p: number) => number) | undefined;
  declare readonly demand: readonly number[];
  declare readonly user: number | undefined;
  declare readonly group: number | undefined;
  declare readonly queue: number | undefined;
  declare readonly partition: number | undefined;
  declare readonly traits: Readonly<Record<string, number>> | undefined;

  constructor(job: SimJob, knowledge: Knowledge, clock: { readonly now: number }) {
    this.#job = job;
    this.#clock = clock;
    const record = job.record;
    const self = this as { -readonly [K in keyof JobView]: JobView[K] };
    self.id = record.id;
    self.submit = record.submit;
    self.arrival = job.arrival;
    self.size = record.size;
    self.minSize = job.minSize;
    self.maxSize = job.maxSize;
    self.estimate = knowledge.runtimes === 'exact' ? record.runtime : record.estimate;
    self.work = knowledge.demand ? executionTimeOf(record, 1) : undefined;
    self.executionTime = knowledge.speedup ? (p: number) => executionTimeOf(record, p) : undefined;
    self.demand = job.demand.length ? Object.freeze(Array.from(job.demand)) : NONE;
    self.user = record.user;
    self.group = record.group;
    self.queue = record.queue;
    self.partition = record.partition;
    self.traits = visibleTraits(record.traits, record.traitKnowledge, knowledge);
    Object.freeze(this);
  }

  get state() {
    return this.#job.state;
  }

  get processors(): readonly number[] {
    const held = this.#job.processors;
    if (held !== this.#processorsOf) {
      this.#processorsOf = held;
      this.#processors = held.length ? Object.freeze(Array.from(held)) : NONE;
    }
    return this.#processors;
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
