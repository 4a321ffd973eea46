import { AllocationLedger, type Machine } from '@js/machine';
import type { Capabilities } from '../discipline/capabilities.ts';
import type { Scheduler } from '../discipline/define.ts';
import { InvariantViolation } from '../errors/errors.ts';
import type { ContentionModel, Placement as ContentionPlacement } from './contention.ts';
import { EventQueue } from './event-queue.ts';
import { IdIndex } from './id-index.ts';
import { JobSet } from './job-set.ts';
import type { Knowledge } from './knowledge.ts';
import type { RunObserver } from './observer.ts';
import type { PlacementRules } from './placement.ts';
import type { PlatformProfile } from './profile.ts';
import type { SimJob } from './sim-job.ts';
import { TimerTable } from './timers.ts';
import { TriggerLog } from './trigger-log.ts';
import { WaitingQueue } from './waiting-queue.ts';

/** The observers' handlers for one hook, bound, so the hot path loops over plain functions. */
const allOf = <K extends keyof RunObserver>(
  observers: readonly RunObserver[],
  key: K,
): NonNullable<RunObserver[K]>[] =>
  observers
    .filter((o) => o[key])
    .map((o) => (o[key] as (...a: unknown[]) => void).bind(o) as NonNullable<RunObserver[K]>);

/** One discipline of the run with the processors and jobs it owns (a partition, or the whole machine). */
export interface Seat {
  readonly index: number;
  readonly name: string;
  readonly capabilities: Capabilities;
  readonly scheduler: Scheduler;
  /** Processors it owns, ascending. */
  readonly owned: Int32Array;
  /** Whether it owns every processor (so idle counts need no filtering). */
  readonly whole: boolean;
  /** Waiting jobs in arrival order. */
  readonly queue: WaitingQueue;
  /** Decision rounds so far (the queue's snapshot is rebuilt at most once per round). */
  rounds: number;
  readonly running: JobSet;
  readonly suspended: JobSet;
  readonly checkpointed: JobSet;
  /** What woke it since its last round. */
  triggers: TriggerLog;
  /** What woke it for its last round (what `ctx.triggers` shows); swapped with `triggers` at each round. */
  shown: TriggerLog;
  /** Time of its last decision round (decision-interval rule). */
  lastDecision: number;
  /** Whether a wake-up at the end of the decision interval is queued. */
  wakeQueued: boolean;
  readonly counters: Map<string, number>;
  readonly processorNotes: Map<number, unknown>;
}

/**
 * The engine's mutable state, shared by the event loop, physics, operations and the views. It
 * is never handed to a discipline: the facade holds it in a private field.
 */
export class World {
  now = 0;
  readonly ledger: AllocationLedger;
  readonly queue = new EventQueue();
  readonly timers = new TimerTable();
  /** The jobs in the system by table entry (an entry is reused after its job leaves). */
  readonly table: (SimJob | undefined)[] = [];
  readonly freeEntries: number[] = [];
  /** Table entry of each job in the system, by id. */
  readonly byId = new IdIndex();
  readonly seats: Seat[] = [];
  /** Seat of each processor. */
  readonly seatOf: Int32Array;
  /**
   * Source of event tokens, unique over the whole run: a table entry is reused after its job leaves,
   * so a per-job counter would let a stale event of the entry's last job match the new one.
   */
  tokens = 0;
  /** Operations applied so far (a round that changed nothing leaves it as it was). */
  changes = 0;
  /** Nodes whose running jobs changed this round (contention re-rating); unused without contention. */
  readonly dirtyNodes = new Set<number>();
  readonly contentionActive: boolean;
  readonly placementView: ContentionPlacement;

  readonly onSubmitted;
  readonly onSample;
  readonly onJobEnded;
  readonly onReserved;
  readonly onProgressed;
  readonly onOperation;
  readonly onReleased;
  readonly onSlot;

  constructor(
    readonly machine: Machine,
    readonly profile: PlatformProfile,
    readonly knowledge: Knowledge,
    readonly contention: ContentionModel,
    readonly rules: PlacementRules,
    readonly killAtEstimate: boolean,
    readonly observers: readonly RunObserver[],
  ) {
    this.ledger = new AllocationLedger(machine, profile.multiprogrammingLimit);
    // -1: a processor outside every partition belongs to no discipline.
    this.seatOf = new Int32Array(machine.processors).fill(-1);
    this.contentionActive = contention.name !== 'none';
    this.placementView = { machine, runningOn: (p) => this.runningOn(p)?.record };
    this.onSubmitted = allOf(observers, 'submitted');
    this.onSample = allOf(observers, 'sample');
    this.onJobEnded = allOf(observers, 'jobEnded');
    this.onReserved = allOf(observers, 'reserved');
    this.onProgressed = allOf(observers, 'progressed');
    this.onOperation = allOf(observers, 'operation');
    this.onReleased = allOf(observers, 'released');
    this.onSlot = allOf(observers, 'slot');
  }

  /** The job with this id, if it is in the system. */
  job(id: number): SimJob | undefined {
    const entry = this.byId.get(id);
    return entry < 0 ? undefined : this.table[entry];
  }

  /** The job running on processor `p`, if any. */
  runningOn(p: number): SimJob | undefined {
    const id = this.ledger.runningJob[p]!;
    return id < 0 ? undefined : this.job(id);
  }

  refuse(seat: Seat | undefined, job: SimJob | undefined, rule: string, detail: string): never {
    throw new InvariantViolation(seat?.name ?? 'engine', job?.id, this.now, rule, detail);
  }

  /** Note that the running set of these processors' nodes changed (contention re-rating). */
  touched(processors: ArrayLike<number>): void {
    if (!this.contentionActive) return;
    for (let i = 0; i < processors.length; i++) this.dirtyNodes.add(this.machine.nodeOf(processors[i]!));
  }

  emitReleased(job: SimJob, processors: ArrayLike<number>, resident: boolean, evicted = false): void {
    if (!this.onReleased.length || processors.length === 0) return;
    const event = { time: this.now, job: job.record, processors: Array.from(processors), resident, evicted };
    for (const f of this.onReleased) f(event);
  }
}

/** A seat with nothing waiting, running or noted yet. */
export function newSeat(
  index: number,
  name: string,
  capabilities: Capabilities,
  scheduler: Scheduler,
  owned: Int32Array,
  machine: Machine,
): Seat {
  return {
    index,
    name,
    capabilities,
    scheduler,
    owned,
    whole: owned.length === machine.processors,
    queue: new WaitingQueue(),
    rounds: 0,
    running: new JobSet(),
    suspended: new JobSet(),
    checkpointed: new JobSet(),
    triggers: new TriggerLog(),
    shown: new TriggerLog(),
    lastDecision: Number.NEGATIVE_INFINITY,
    wakeQueued: false,
    counters: new Map(),
    processorNotes: new Map(),
  };
}
