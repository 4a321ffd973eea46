import type { Machine } from '@js/machine';
import type { Job } from '../job/job.ts';
import { executionTimeOf, maxProcessors, minProcessors } from '../job/job.ts';
import type { Operation } from './context.ts';
import type { JobState, JobView, WithRecord } from './job-view.ts';
import { recordOf } from './job-view.ts';
import type { Knowledge } from './knowledge.ts';

const NO_PROCESSORS = new Int32Array(0);

/**
 * The engine's state of one job in the system. Progress is the fraction of work done:
 * `done` up to `since`, then advancing at 1/`period` per second while `progressing`.
 * Disciplines see it through {@link JobView}; everything else is the engine's.
 */
export class SimJob implements JobView, WithRecord {
  readonly [recordOf]: Job;
  readonly id: number;
  readonly submit: number;
  readonly size: number;
  readonly minSize: number;
  readonly maxSize: number;
  readonly estimate: number;
  readonly demand: Float64Array;
  readonly user: number | undefined;
  readonly group: number | undefined;
  readonly queue: number | undefined;
  readonly traits: Readonly<Record<string, number>> | undefined;
  readonly executionTime: ((p: number) => number) | undefined;

  state: JobState = 'pending';
  processors: Int32Array = NO_PROCESSORS;
  firstStart = Number.NaN;
  /** Processors at the first start (reported in the outcome). */
  firstProcessors = 0;
  backfilled = false;

  /** Fraction of the work done up to `since`. */
  done = 0;
  /** Seconds of progress up to `since`. */
  ran = 0;
  /** Seconds of progress in the visible estimate's units (nominal time on `size` processors) up to `since`. */
  nominal = 0;
  since = 0;
  /** Seconds the whole job would take at the current allocation. */
  period = Number.POSITIVE_INFINITY;
  progressing = false;
  /** Time of the scheduled completion (or kill) while progressing. */
  endTime = Number.POSITIVE_INFINITY;

  /** The operation whose overhead is under way, and when it ends. */
  pendingOp: Operation | null = null;
  busyUntil = 0;
  /** Validates the job's one live event: a fresh run-wide token whenever the old event goes stale. */
  token = 0;

  /** ∫ processors dt while holding processors. */
  processorTime = 0;
  heldSince = 0;
  /** Count of processors at the last start, so a checkpointed rigid job restarts on as many. */
  lastCount = 0;

  /** Slot in the engine's job table (event payloads refer to it). */
  slot = -1;
  /** Whether the checkpoint under way began from running (else from suspended: residency only). */
  checkpointedWhileRunning = false;

  preemptions = 0;
  checkpoints = 0;
  resizes = 0;

  constructor(
    record: Job,
    readonly arrival: number,
    machine: Machine,
    knowledge: Knowledge,
    private readonly clock: { readonly now: number },
  ) {
    this[recordOf] = record;
    this.id = record.id;
    this.submit = record.submit;
    this.size = record.size;
    this.minSize = minProcessors(record);
    this.maxSize = maxProcessors(record);
    this.estimate = knowledge.runtimes === 'exact' ? record.runtime : record.estimate;
    this.demand = machine.demandVector(record.resources);
    this.user = record.user;
    this.group = record.group;
    this.queue = record.queue;
    this.traits = record.traits;
    this.executionTime = knowledge.speedup ? (p: number) => executionTimeOf(record, p) : undefined;
  }

  get runTime(): number {
    return this.ran + (this.progressing ? this.clock.now - this.since : 0);
  }

  get inOverhead(): boolean {
    return this.pendingOp !== null;
  }

  /** True execution time on `p` processors (physics; never shown to a discipline). */
  trueExecutionTime(p: number): number {
    return executionTimeOf(this[recordOf], p);
  }

  static readonly noProcessors = NO_PROCESSORS;
}
