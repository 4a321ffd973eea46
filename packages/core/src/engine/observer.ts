import type { Job } from '../job/job.ts';
import type { Operation } from './context.ts';
import type { JobView } from './job-view.ts';
import type { PlacementRules } from './placement.ts';

/** How a job left the system. */
export type JobEnding = 'finished' | 'killed';

/** The final record of one job, handed to observers when it leaves the system. */
export interface JobOutcome {
  readonly job: Job;
  /** Arrival order within the run, from 0 (ties in submit time broken by workload order). */
  readonly arrival: number;
  /** The discipline (or partition) that ran it. */
  readonly discipline: string;
  /** First time the job was started (its wait ends here). */
  readonly start: number;
  /** Time it finished or was killed. */
  readonly end: number;
  readonly ending: JobEnding;
  /** Processors at its first start. */
  readonly processors: number;
  /** ∫ processors dt over the time it held processors (running, or in an operation's overhead). */
  readonly processorTime: number;
  /** Seconds it spent making progress. */
  readonly runTime: number;
  /** Times it was suspended, checkpointed, resized. */
  readonly preemptions: number;
  readonly checkpoints: number;
  readonly resizes: number;
  /** True when it started while an older job that arrived before it was still waiting. */
  readonly backfilled: boolean;
}

/**
 * What the machine looks like after the decisions of one instant. The engine refills one object
 * at every instant: an observer copies the values it wants to keep.
 */
export interface OccupancySample {
  readonly now: number;
  /** Processors holding a running job (or one in an operation's overhead). */
  readonly busyProcessors: number;
  /** Amount in use of each named resource, in the machine's resource order. */
  readonly resourcesInUse: ArrayLike<number>;
  /** Jobs waiting to start (pending) — the queue length. */
  readonly queued: number;
  /** Jobs running (progressing or in overhead). */
  readonly running: number;
  /** Jobs suspended or checkpointed. */
  readonly preempted: number;
  /** The same levels per partition, in the order given (empty when one discipline has the whole machine). */
  readonly partitions: readonly PartitionOccupancy[];
}

/** One partition's levels in an {@link OccupancySample}. */
export interface PartitionOccupancy {
  readonly name: string;
  readonly processors: number;
  readonly busyProcessors: number;
  readonly queued: number;
  readonly running: number;
  readonly preempted: number;
}

/** Capacities a run is measured against, and the rules it runs under. */
export interface RunInfo {
  readonly discipline: string;
  readonly processors: number;
  readonly resourceNames: readonly string[];
  readonly resourceCapacities: readonly number[];
  /** Most jobs resident on one processor (machine and profile limits combined). */
  readonly multiprogrammingLimit: number;
  /** Node and CPU of each processor, for placement rules and contention. */
  readonly nodeOf: (processor: number) => number;
  /** The CPU a processor (core) belongs to, numbered across the machine; for the one-process-per-CPU rule. */
  readonly cpuOf: (processor: number) => number;
  /** The discipline (partition) that owns a processor; undefined for none. */
  readonly ownerOf: (processor: number) => string | undefined;
  /** The run's placement rules. */
  readonly placement: PlacementRules;
}

/**
 * One operation as it was applied: the processors it concerns (for a resize, the whole new
 * allocation) and the overhead it costs. Processors taken by `start`/`restart`/`resume`/`resize`
 * run the job from `time`; `place` makes the job resident only.
 */
export interface OperationEvent {
  readonly time: number;
  readonly discipline: string;
  readonly job: Job;
  readonly operation: Operation;
  readonly processors: readonly number[];
  readonly cost: number;
}

/**
 * A discipline's `switch` named the time slot that runs from `time` on: a row of its own matrix,
 * numbered as the matrix is now (rows deleted by re-packing renumber those after them). Jobs it
 * runs from then on, and those that keep running through the switch, run in that slot.
 */
export interface SlotEvent {
  readonly time: number;
  readonly discipline: string;
  readonly slot: number;
}

/**
 * Processors a job stopped running on at `time`: after a suspend (still `resident`, resources
 * kept), a checkpoint, a shrinking resize, or when it left (neither).
 */
export interface ReleaseEvent {
  readonly time: number;
  readonly job: Job;
  readonly processors: readonly number[];
  /** Still resident there (simple suspension): memory and resources kept. */
  readonly resident: boolean;
  /** It also gave up residency on these processors without having run there since (evicted). */
  readonly evicted: boolean;
}

/**
 * Why a run ended. `stalled`: jobs remain but nothing more will happen (the discipline left
 * them waiting); `stopped`: the run's stop rule held (e.g. every tagged job left).
 */
export type RunStatus = 'completed' | 'stopped' | 'saturated' | 'stalled' | 'time-limit' | 'event-limit';

/**
 * Streaming hooks for metrics and traces. The engine calls `sample` once per instant, after
 * every discipline decision of that instant, so a level holds until the next sample.
 */
export interface RunObserver {
  /** The run is about to start: the machine's capacities and the rules it runs under. */
  begin?(info: RunInfo): void;
  /** A job arrived; `discipline` is the discipline (partition) it was routed to. */
  submitted?(job: Job, now: number, discipline: string): void;
  /** The machine's levels after the decisions of one instant (a reused object: copy what you keep). */
  sample?(occupancy: OccupancySample): void;
  /** A job left the system, finished or killed, with its final record. */
  jobEnded?(outcome: JobOutcome): void;
  /**
   * A job made progress on `processors` processors from `from` to `to`, slowed by `slowdown`
   * (the contention model's factor): work done = (to − from) / (T(processors) · slowdown).
   */
  progressed?(job: Job, from: number, to: number, processors: number, slowdown: number): void;
  /** An operation a discipline asked for, as applied. */
  operation?(event: OperationEvent): void;
  /** Processors a job stopped running on. */
  released?(event: ReleaseEvent): void;
  /** A switch named the time slot that runs from now on (after the switch's operations). */
  slot?(event: SlotEvent): void;
  /** A discipline declared the time by which it guarantees to start a waiting job. */
  reserved?(job: JobView, at: number, now: number): void;
  /** The run is over at simulated time `now`, for the reason `status` gives. */
  end?(now: number, status: RunStatus): void;
}
