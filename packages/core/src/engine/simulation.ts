import { AllocationLedger, LedgerError, type Machine } from '@js/machine';
import type { DisciplineDefinition, Scheduler } from '../discipline/define.ts';
import { ConfigError, InputError, InvariantViolation } from '../errors/errors.ts';
import type { Job } from '../job/job.ts';
import { parseOptions } from '../options/options.ts';
import { RandomStreams } from '../random/streams.ts';
import type { JobsView, MachineView, Operation, Placement, SchedulingContext, Trigger } from './context.ts';
import { EventKind, EventQueue, Priority } from './event-queue.ts';
import { type JobView, recordOf } from './job-view.ts';
import { type Knowledge, knowledgeSchema } from './knowledge.ts';
import type { JobOutcome, OccupancySample, RunObserver, RunStatus } from './observer.ts';
import { idealProfile, type PlatformProfile } from './profile.ts';
import { SimJob } from './sim-job.ts';

export interface RunLimits {
  /** Stop before any event later than this simulated time. */
  readonly maxTime?: number;
  /** Stop after this many events. */
  readonly maxEvents?: number;
  /** Saturation rule: more waiting jobs than this ends the run with status `saturated`. */
  readonly maxQueued?: number;
}

export interface SimulationOptions {
  readonly machine: Machine;
  readonly discipline: DisciplineDefinition;
  /** The discipline's options, validated against its schema (defaults fill the rest). */
  readonly options?: unknown;
  readonly profile?: PlatformProfile;
  readonly knowledge?: Partial<Knowledge>;
  readonly seed?: number | string;
  readonly limits?: RunLimits;
  /** Kill a job when its run time reaches its user estimate (batch systems do). Default false. */
  readonly killAtEstimate?: boolean;
  readonly observers?: readonly RunObserver[];
}

export interface RunResult {
  readonly status: RunStatus;
  /** Simulated time at the end. */
  readonly now: number;
  readonly events: number;
  readonly submitted: number;
  readonly ended: number;
  /** Jobs still in the system (waiting, running, preempted) at the end. */
  readonly inSystem: number;
}

/** Run one discipline over a stream of jobs (in non-decreasing submit order). */
export function simulate(
  jobs: Iterable<Job> | AsyncIterable<Job>,
  options: SimulationOptions,
): Promise<RunResult> {
  return new Simulation(jobs, options).run();
}

/** The observers' handlers for one hook, bound, so the hot path loops over plain functions. */
const allOf = <K extends keyof RunObserver>(
  observers: readonly RunObserver[],
  key: K,
): NonNullable<RunObserver[K]>[] =>
  observers
    .filter((o) => o[key])
    .map((o) => (o[key] as (...a: unknown[]) => void).bind(o) as NonNullable<RunObserver[K]>);

/**
 * The discrete-event engine (`06`): applies every event of an instant, then calls the
 * discipline's `schedule` once, then samples occupancy. It is also the discipline's
 * {@link SchedulingContext}: every operation is checked here and refused with an
 * {@link InvariantViolation} naming discipline, job, time and rule.
 */
class Simulation implements SchedulingContext {
  now = 0;
  readonly triggers: Trigger[] = [];
  readonly machine: MachineView;
  readonly jobs: JobsView;

  readonly #spec: Machine;
  readonly #name: string;
  readonly #scheduler: Scheduler;
  readonly #profile: PlatformProfile;
  readonly #knowledge: Knowledge;
  readonly #limits: RunLimits;
  readonly #killAtEstimate: boolean;
  readonly #ledger: AllocationLedger;
  readonly #queue = new EventQueue();

  readonly #slots: (SimJob | undefined)[] = [];
  readonly #freeSlots: number[] = [];
  readonly #byId = new Map<number, SimJob>();
  readonly #pending: SimJob[] = [];
  #pendingDirty = false;
  #pendingLive = 0;
  /** Index in #pending of the oldest job still waiting (for the backfilled flag). */
  #head = 0;
  readonly #running = new Set<SimJob>();
  readonly #suspended = new Set<SimJob>();
  readonly #checkpointed = new Set<SimJob>();
  readonly #timerTags: string[] = [];

  readonly #source: Iterator<Job> | AsyncIterator<Job>;
  readonly #sourceIsAsync: boolean;
  #arrivals = 0;
  #lastSubmit = Number.NEGATIVE_INFINITY;
  #ended = 0;
  #events = 0;
  /**
   * Source of event tokens, unique over the whole run: a job slot is reused after its job leaves,
   * so a per-job counter would let a stale event of the slot's last job match the new one.
   */
  #tokens = 0;

  readonly #onSubmitted;
  readonly #onSample;
  readonly #onJobEnded;
  readonly #onReserved;
  readonly #onProgressed;
  readonly #observers: readonly RunObserver[];
  readonly #inUse: Float64Array;
  /** The one occupancy sample, refilled at every instant (observers copy what they keep). */
  readonly #occupancy: { -readonly [K in keyof OccupancySample]: OccupancySample[K] };

  constructor(jobs: Iterable<Job> | AsyncIterable<Job>, o: SimulationOptions) {
    this.#spec = o.machine;
    this.#name = o.discipline.name;
    this.#profile = o.profile ?? idealProfile;
    this.#knowledge = parseOptions('knowledge', knowledgeSchema, o.knowledge ?? {});
    this.#limits = o.limits ?? {};
    this.#killAtEstimate = o.killAtEstimate ?? false;
    this.#ledger = new AllocationLedger(o.machine);
    this.#inUse = new Float64Array(o.machine.resourceNames.length);
    this.#occupancy = {
      now: 0,
      busyProcessors: 0,
      resourcesInUse: this.#inUse,
      queued: 0,
      running: 0,
      preempted: 0,
    };
    const options = parseOptions(`discipline '${o.discipline.name}'`, o.discipline.options, o.options ?? {});
    this.#scheduler = o.discipline.create(options, {
      machine: o.machine,
      random: new RandomStreams(o.seed ?? 0).fork(`discipline:${o.discipline.name}`),
      profile: this.#profile,
    });
    const ledger = this.#ledger;
    this.machine = {
      spec: o.machine,
      processors: o.machine.processors,
      get idleProcessors() {
        return ledger.idle.size;
      },
      idle: ledger.idle,
      free: ledger.free,
      runningJob: ledger.runningJob,
      resident: ledger.resident,
      fits: (count, demand) => ledger.fits(count, demand),
    };
    const self = this;
    this.jobs = {
      get pending() {
        return self.#pending;
      },
      running: this.#running,
      suspended: this.#suspended,
      checkpointed: this.#checkpointed,
      byId: (id) => this.#byId.get(id),
    };
    const observers = o.observers ?? [];
    this.#observers = observers;
    this.#onSubmitted = allOf(observers, 'submitted');
    this.#onSample = allOf(observers, 'sample');
    this.#onJobEnded = allOf(observers, 'jobEnded');
    this.#onReserved = allOf(observers, 'reserved');
    this.#onProgressed = allOf(observers, 'progressed');
    if (Symbol.asyncIterator in jobs) {
      this.#source = (jobs as AsyncIterable<Job>)[Symbol.asyncIterator]();
      this.#sourceIsAsync = true;
    } else {
      this.#source = (jobs as Iterable<Job>)[Symbol.iterator]();
      this.#sourceIsAsync = false;
    }
  }

  async run(): Promise<RunResult> {
    for (const o of this.#observers) {
      o.begin?.({
        discipline: this.#name,
        processors: this.#spec.processors,
        resourceNames: this.#spec.resourceNames,
        resourceCapacities: [...this.#spec.capacities],
      });
    }
    const limits = this.#limits;
    const maxTime = limits.maxTime ?? Number.POSITIVE_INFINITY;
    const maxEvents = limits.maxEvents ?? Number.POSITIVE_INFINITY;
    const maxQueued = limits.maxQueued ?? Number.POSITIVE_INFINITY;
    const queue = this.#queue;
    let status: RunStatus | undefined;
    if (this.#sourceIsAsync) await this.#pullAsync();
    else this.#pullSync();

    while (queue.size > 0) {
      const t = queue.peekTime();
      if (t > maxTime) {
        status = 'time-limit';
        break;
      }
      this.now = t;
      this.triggers.length = 0;
      while (queue.size > 0 && queue.peekTime() === t) {
        queue.pop();
        this.#events++;
        if (queue.kind === EventKind.Arrival) {
          this.#arrive(queue.subject);
          if (this.#sourceIsAsync) await this.#pullAsync();
          else this.#pullSync();
        } else {
          this.#apply(queue.kind, queue.subject, queue.token);
        }
      }
      if (this.triggers.length > 0) {
        this.#scheduler.schedule(this);
        if (this.#pendingDirty) this.#compactPending();
      }
      this.#sample();
      if (this.#events >= maxEvents) {
        status = 'event-limit';
        break;
      }
      if (this.#pendingLive > maxQueued) {
        status = 'saturated';
        break;
      }
    }
    const inSystem = this.#byId.size;
    status ??= inSystem > 0 || queue.size > 0 ? 'stalled' : 'completed';
    for (const o of this.#observers) o.end?.(this.now, status);
    return {
      status,
      now: this.now,
      events: this.#events,
      submitted: this.#arrivals,
      ended: this.#ended,
      inSystem,
    };
  }

  // ── operations (the interaction layer) ──────────────────────────────────────────────────

  estimatedEnd(view: JobView): number {
    const job = this.#own(view, 'estimatedEnd');
    const p = job.processors.length || job.size;
    const base = job.progressing ? job.since : job.pendingOp ? job.busyUntil : this.now;
    const end =
      this.#knowledge.runtimes === 'exact'
        ? job.progressing
          ? job.endTime
          : base + (1 - job.done) * job.trueExecutionTime(p)
        : base + ((job.estimate - job.nominal) * job.size) / p;
    return Math.max(end, this.now);
  }

  start(view: JobView, placement?: Placement): void {
    const job = this.#own(view, 'start');
    if (job.state !== 'pending' && job.state !== 'checkpointed') {
      this.#refuse(job, 'start-needs-waiting-job', `it is ${job.state}`);
    }
    this.#notBusy(job, 'start');
    const wanted = placement?.processors;
    const count =
      typeof wanted === 'number'
        ? wanted
        : wanted !== undefined
          ? wanted.length
          : job.state === 'checkpointed' && job.minSize === job.maxSize
            ? job.lastCount
            : job.size;
    this.#checkCount(job, count);
    const processors = typeof wanted === 'object' ? Int32Array.from(wanted) : this.#choose(job, count);
    this.#occupy(job, processors, true);
    const restarting = job.state === 'checkpointed';
    if (restarting) this.#checkpointed.delete(job);
    else {
      this.#pendingDirty = true;
      this.#pendingLive--;
      job.firstStart = this.now;
      job.firstProcessors = count;
      job.backfilled = this.#olderJobWaits(job);
    }
    job.state = 'running';
    job.processors = processors;
    job.lastCount = count;
    this.#running.add(job);
    this.#beginHolding(job);
    this.#afterOverhead(job, 'start', this.#profile.dispatch + (restarting ? this.#profile.restart : 0));
  }

  suspend(view: JobView): void {
    const job = this.#own(view, 'suspend');
    if (job.state !== 'running') this.#refuse(job, 'suspend-needs-running-job', `it is ${job.state}`);
    this.#notBusy(job, 'suspend');
    this.#pause(job);
    job.preemptions++;
    job.state = 'suspended';
    this.#running.delete(job);
    this.#suspended.add(job);
    const cost = this.#profile.suspend;
    if (cost > 0) this.#overhead(job, 'suspend', cost);
    else this.#finishSuspend(job);
  }

  resume(view: JobView): void {
    const job = this.#own(view, 'resume');
    if (job.state !== 'suspended') this.#refuse(job, 'resume-needs-suspended-job', `it is ${job.state}`);
    this.#notBusy(job, 'resume');
    // A simply-suspended job keeps its memory on its processors: it resumes exactly there.
    this.#occupy(job, job.processors, false);
    job.state = 'running';
    this.#suspended.delete(job);
    this.#running.add(job);
    this.#beginHolding(job);
    this.#afterOverhead(job, 'resume', this.#profile.resume);
  }

  checkpoint(view: JobView): void {
    const job = this.#own(view, 'checkpoint');
    if (job.state !== 'running' && job.state !== 'suspended') {
      this.#refuse(job, 'checkpoint-needs-started-job', `it is ${job.state}`);
    }
    this.#notBusy(job, 'checkpoint');
    this.#pause(job);
    job.checkpoints++;
    const wasRunning = job.state === 'running';
    if (wasRunning) this.#running.delete(job);
    else this.#suspended.delete(job);
    job.state = 'checkpointed';
    this.#checkpointed.add(job);
    const cost = this.#profile.checkpoint;
    if (cost > 0) {
      // While the state is saved the job still holds what it held.
      job.checkpointedWhileRunning = wasRunning;
      this.#overhead(job, 'checkpoint', cost);
    } else {
      this.#releaseCheckpointed(job, wasRunning);
    }
  }

  resize(view: JobView, target: number | ArrayLike<number>): void {
    const job = this.#own(view, 'resize');
    if (job.state !== 'running') this.#refuse(job, 'resize-needs-running-job', `it is ${job.state}`);
    if (job.minSize === job.maxSize) {
      this.#refuse(job, 'rigid-size', `it is rigid (${job.size} processors) and cannot be resized`);
    }
    this.#notBusy(job, 'resize');
    const count = typeof target === 'number' ? target : target.length;
    this.#checkCount(job, count);
    const old = job.processors;
    let next: Int32Array;
    if (typeof target === 'number') {
      if (count >= old.length) {
        const extra = this.#choose(job, count - old.length);
        next = new Int32Array(count);
        next.set(old);
        next.set(extra, old.length);
      } else {
        next = old.slice(0, count);
      }
    } else {
      next = Int32Array.from(target);
    }
    if (count === old.length && typeof target === 'number') return;
    const kept = new Set(next);
    const removed = old.filter((p) => !kept.has(p));
    const had = new Set(old);
    const added = next.filter((p) => !had.has(p));
    // Change the ledger first (undone if refused), so a refusal leaves the job untouched.
    const noDemand = new Float64Array(0);
    this.#ledger.vacate(removed, noDemand, false);
    try {
      this.#ledger.occupy(job.id, added, noDemand, true);
    } catch (error) {
      this.#ledger.occupy(job.id, removed, noDemand, true);
      this.#ledgerRefusal(job, error);
    }
    this.#pause(job);
    this.#endHolding(job);
    job.processors = next;
    job.resizes++;
    this.#beginHolding(job);
    this.#afterOverhead(job, 'resize', this.#profile.resize);
  }

  setTimer(at: number, tag = ''): void {
    if (!(at > this.now) || !Number.isFinite(at)) {
      this.#refuse(undefined, 'timer-in-future', `timer '${tag}' at ${at} is not after now (${this.now})`);
    }
    this.#timerTags.push(tag);
    this.#queue.push(at, Priority.Timer, EventKind.Timer, this.#timerTags.length - 1, 0);
  }

  reserve(view: JobView, at: number): void {
    const job = this.#own(view, 'reserve');
    if (job.state !== 'pending' && job.state !== 'checkpointed') {
      this.#refuse(job, 'reserve-needs-waiting-job', `it is ${job.state}`);
    }
    if (!(at >= this.now))
      this.#refuse(job, 'reservation-in-future', `reservation at ${at} is before now (${this.now})`);
    for (const f of this.#onReserved) f(job, at, this.now);
  }

  // ── event application ───────────────────────────────────────────────────────────────────

  #apply(kind: number, slot: number, token: number): void {
    if (kind === EventKind.Timer) {
      this.triggers.push({ kind: 'timer', tag: this.#timerTags[slot]! });
      return;
    }
    const job = this.#slots[slot];
    if (!job || job.token !== token) return; // stale: superseded by a later operation
    if (kind === EventKind.OverheadEnd) this.#endOverhead(job);
    else this.#leave(job, kind === EventKind.Kill ? 'killed' : 'finished');
  }

  #arrive(slot: number): void {
    const job = this.#slots[slot]!;
    this.#pending.push(job);
    this.#pendingLive++;
    for (const f of this.#onSubmitted) f(job[recordOf], this.now);
    this.triggers.push({ kind: 'arrival', job });
  }

  #endOverhead(job: SimJob): void {
    const op = job.pendingOp!;
    job.pendingOp = null;
    switch (op) {
      case 'start':
      case 'resume':
      case 'resize':
        this.#progress(job);
        break;
      case 'suspend':
        this.#finishSuspend(job);
        break;
      case 'checkpoint':
        this.#releaseCheckpointed(job, job.checkpointedWhileRunning);
        break;
    }
    this.triggers.push({ kind: 'overhead-end', job, operation: op });
  }

  #leave(job: SimJob, ending: 'finished' | 'killed'): void {
    this.#pause(job);
    if (ending === 'finished') job.done = 1;
    job.state = ending;
    this.#endHolding(job);
    this.#ledger.vacate(job.processors, job.demand, false);
    this.#running.delete(job);
    this.#byId.delete(job.id);
    this.#freeSlots.push(job.slot);
    this.#slots[job.slot] = undefined;
    this.#ended++;
    if (this.#onJobEnded.length) {
      const outcome: JobOutcome = {
        job: job[recordOf],
        arrival: job.arrival,
        start: job.firstStart,
        end: this.now,
        ending,
        processors: job.firstProcessors,
        processorTime: job.processorTime,
        runTime: job.ran,
        preemptions: job.preemptions,
        checkpoints: job.checkpoints,
        resizes: job.resizes,
        backfilled: job.backfilled,
      };
      for (const f of this.#onJobEnded) f(outcome);
    }
    this.triggers.push({ kind: ending === 'finished' ? 'completion' : 'killed', job });
  }

  // ── progress and holding ────────────────────────────────────────────────────────────────

  /** Start making progress now at the rate the current allocation gives. */
  #progress(job: SimJob): void {
    const p = job.processors.length;
    job.period = job.trueExecutionTime(p);
    job.progressing = true;
    job.since = this.now;
    let end = job.done === 0 ? this.now + job.period : this.now + (1 - job.done) * job.period;
    let kind: number = EventKind.Completion;
    if (this.#killAtEstimate) {
      const limit = this.now + ((job.estimate - job.nominal) * job.size) / p;
      if (limit < end) {
        end = limit;
        kind = EventKind.Kill;
      }
    }
    job.endTime = end;
    job.token = ++this.#tokens;
    this.#queue.push(end, Priority.Completion, kind, job.slot, job.token);
  }

  /** Stop making progress now, banking the work done since `since`. */
  #pause(job: SimJob): void {
    if (!job.progressing) {
      if (job.pendingOp) job.token = ++this.#tokens; // cancel the pending overhead's end
      job.pendingOp = null;
      return;
    }
    const dt = this.now - job.since;
    for (const f of this.#onProgressed) f(job[recordOf], job.since, this.now, job.processors.length);
    job.done += dt / job.period;
    job.ran += dt;
    job.nominal += (dt * job.processors.length) / job.size;
    job.progressing = false;
    job.endTime = Number.POSITIVE_INFINITY;
    job.token = ++this.#tokens;
  }

  #afterOverhead(job: SimJob, op: Operation, cost: number): void {
    if (cost > 0) this.#overhead(job, op, cost);
    else this.#progress(job);
  }

  #overhead(job: SimJob, op: Operation, cost: number): void {
    job.pendingOp = op;
    job.busyUntil = this.now + cost;
    job.token = ++this.#tokens;
    this.#queue.push(job.busyUntil, Priority.Completion, EventKind.OverheadEnd, job.slot, job.token);
  }

  #finishSuspend(job: SimJob): void {
    this.#endHolding(job);
    this.#ledger.vacate(job.processors, job.demand, true);
  }

  #releaseCheckpointed(job: SimJob, wasRunning: boolean): void {
    if (wasRunning) {
      this.#endHolding(job);
      this.#ledger.vacate(job.processors, job.demand, false);
    } else {
      this.#ledger.evict(job.processors);
    }
    job.processors = SimJob.noProcessors;
  }

  #beginHolding(job: SimJob): void {
    job.heldSince = this.now;
  }

  #endHolding(job: SimJob): void {
    job.processorTime += (this.now - job.heldSince) * job.processors.length;
  }

  // ── validation ──────────────────────────────────────────────────────────────────────────

  #own(view: JobView, op: string): SimJob {
    const job = this.#byId.get(view.id);
    if (job !== view) {
      this.#refuse(undefined, 'known-job', `${op}: job ${view.id} is not in the system`);
    }
    return job;
  }

  #notBusy(job: SimJob, op: string): void {
    if (job.pendingOp) {
      this.#refuse(
        job,
        'one-operation-at-a-time',
        `${op} while its ${job.pendingOp} overhead runs until ${job.busyUntil}`,
      );
    }
  }

  #checkCount(job: SimJob, count: number): void {
    if (!Number.isInteger(count) || count < 1) this.#refuse(job, 'processor-count', `${count} processors`);
    if (job.minSize === job.maxSize && count !== job.size) {
      this.#refuse(job, 'rigid-size', `rigid job of ${job.size} processors given ${count}`);
    }
    if (count < job.minSize || count > job.maxSize) {
      this.#refuse(
        job,
        'processor-range',
        `${count} processors outside its range [${job.minSize}, ${job.maxSize}]`,
      );
    }
  }

  #choose(job: SimJob, count: number): Int32Array {
    try {
      return this.#ledger.chooseProcessors(count);
    } catch (error) {
      this.#ledgerRefusal(job, error);
    }
  }

  #occupy(job: SimJob, processors: Int32Array, newlyResident: boolean): void {
    try {
      this.#ledger.occupy(job.id, processors, job.demand, newlyResident);
    } catch (error) {
      this.#ledgerRefusal(job, error);
    }
  }

  #ledgerRefusal(job: SimJob, error: unknown): never {
    if (error instanceof LedgerError) this.#refuse(job, error.rule, error.message);
    throw error;
  }

  #refuse(job: SimJob | undefined, rule: string, detail: string): never {
    throw new InvariantViolation(this.#name, job?.id, this.now, rule, detail);
  }

  // ── book-keeping ────────────────────────────────────────────────────────────────────────

  #olderJobWaits(job: SimJob): boolean {
    const pending = this.#pending;
    while (
      this.#head < pending.length &&
      pending[this.#head]!.state !== 'pending' &&
      pending[this.#head] !== job
    ) {
      this.#head++;
    }
    return this.#head < pending.length && pending[this.#head] !== job;
  }

  /** Drop started jobs from the queue, in place (this runs at most once per instant). */
  #compactPending(): void {
    const pending = this.#pending;
    let write = 0;
    for (let read = 0; read < pending.length; read++) {
      if (pending[read]!.state === 'pending') pending[write++] = pending[read]!;
    }
    pending.length = write;
    this.#pendingDirty = false;
    this.#head = 0;
  }

  #badJob(record: Job, field: string, detail: string): never {
    throw new InputError(`workload job ${record.id}`, undefined, field, detail);
  }

  #sample(): void {
    if (!this.#onSample.length) return;
    const free = this.#ledger.free;
    const caps = this.#spec.capacities;
    for (let r = 0; r < caps.length; r++) this.#inUse[r] = caps[r]! - free[r]!;
    const sample = this.#occupancy;
    sample.now = this.now;
    sample.busyProcessors = this.#spec.processors - this.#ledger.idle.size;
    sample.queued = this.#pendingLive;
    sample.running = this.#running.size;
    sample.preempted = this.#suspended.size + this.#checkpointed.size;
    for (const f of this.#onSample) f(sample);
  }

  // ── the job source ──────────────────────────────────────────────────────────────────────

  #pullSync(): void {
    const next = (this.#source as Iterator<Job>).next();
    if (!next.done) this.#admit(next.value);
  }

  async #pullAsync(): Promise<void> {
    const next = await this.#source.next();
    if (!next.done) this.#admit(next.value);
  }

  /** Check a job from the workload and queue its arrival. */
  #admit(record: Job): void {
    if (!(record.submit >= 0) || !Number.isFinite(record.submit)) {
      this.#badJob(record, 'submit', `submit time ${record.submit} must be a finite number ≥ 0`);
    }
    if (record.submit < this.#lastSubmit) {
      this.#badJob(
        record,
        'submit',
        `submit time ${record.submit} is before the previous job's ${this.#lastSubmit}: jobs must come in submit order`,
      );
    }
    if (!Number.isInteger(record.size) || record.size < 1)
      this.#badJob(record, 'size', `size ${record.size} must be a positive integer`);
    if (!(record.runtime > 0) || !Number.isFinite(record.runtime)) {
      this.#badJob(record, 'runtime', `runtime ${record.runtime} must be positive and finite`);
    }
    if (!(record.estimate > 0))
      this.#badJob(
        record,
        'estimate',
        `estimate ${record.estimate} must be positive (Infinity when unknown)`,
      );
    if (this.#byId.has(record.id)) this.#badJob(record, 'id', `job id ${record.id} is already in the system`);
    const job = new SimJob(record, this.#arrivals++, this.#spec, this.#knowledge, this);
    if (job.minSize > this.#spec.processors || job.minSize > job.size || job.size > job.maxSize) {
      throw new ConfigError(
        `workload job ${record.id}: needs ${job.minSize}..${job.maxSize} processors (size ${job.size}) on a machine of ${this.#spec.processors}: ` +
          'clean the workload (cleaning rule widerThanMachine) or use a larger machine',
      );
    }
    for (let r = 0; r < job.demand.length; r++) {
      if (job.demand[r]! > this.#spec.capacities[r]!) {
        throw new ConfigError(
          `workload job ${record.id}: needs ${job.demand[r]} of '${this.#spec.resourceNames[r]}', capacity ${this.#spec.capacities[r]}`,
        );
      }
    }
    this.#lastSubmit = record.submit;
    const slot = this.#freeSlots.length ? this.#freeSlots.pop()! : this.#slots.length;
    this.#slots[slot] = job;
    job.slot = slot;
    this.#byId.set(job.id, job);
    this.#queue.push(record.submit, Priority.Arrival, EventKind.Arrival, slot, 0);
  }
}
