import type {
  JobOutcome,
  OperationEvent,
  ReleaseEvent,
  RunInfo,
  RunObserver,
  RunStatus,
} from '../engine/observer.ts';
import { executionTimeOf, isRigid, type Job, maxProcessors, minProcessors } from '../job/job.ts';

/** Which optional invariants an {@link InvariantChecker} also checks, and which run endings it accepts. */
export interface InvariantOptions {
  /**
   * Check declared reservations: never moved later, and honoured (the job starts by it).
   * Sound only when no runtime exceeds its estimate.
   */
  readonly reservations?: boolean;
  /** A checkpointed job may restart on another processor count (a malleable discipline). Default false. */
  readonly restartAnyCount?: boolean;
  /** Statuses that count as a proper end. Default: only 'completed'. */
  readonly statuses?: readonly RunStatus[];
}

const TOLERANCE = 1e-9;

/** What the checker knows of one job, rebuilt from the events alone. */
interface Held {
  readonly job: Job;
  /** Processors it runs on now. */
  running: Set<number>;
  /** Processors it is resident on (running or suspended there). */
  resident: Set<number>;
  /** Whether it holds its resource demand. */
  holds: boolean;
  /** Processor count of its last start (a checkpointed job restarts on as many). */
  count: number;
  work: number;
}

/**
 * An observer that re-derives the invariants of `08-quality.md` from what the engine reports,
 * independently of the engine's ledger: it rebuilds, per processor, the running job and the
 * resident jobs from the operations and releases (with processor ids) and checks no over-commit
 * per processor and per resource, the multiprogramming limit, each discipline on its own
 * partition's processors, the run's placement rules, resume on the same processors,
 * restart on the same count, processor counts within [min, max] for every progress spell,
 * rigid sizes, exact work delivered (Σ Δt / (T(p)·slowdown) = 1), no start before arrival, and
 * optionally reservations never delayed. Violations are collected as sentences.
 */
export class InvariantChecker implements RunObserver {
  readonly violations: string[] = [];
  readonly outcomes: JobOutcome[] = [];
  status: RunStatus | undefined;
  #info!: RunInfo;
  #running!: Int32Array;
  #resident: Set<number>[] = [];
  #inUse!: Float64Array;
  #byNode = new Map<number, number[]>();
  readonly #jobs = new Map<number, Held>();
  readonly #reservation = new Map<number, number>();

  constructor(readonly options: InvariantOptions = {}) {}

  /** Set up empty books for the run's processors (grouped by node) and resources. */
  begin(info: RunInfo): void {
    this.#info = info;
    this.#byNode = new Map();
    for (let p = 0; p < info.processors; p++) {
      const node = info.nodeOf(p);
      this.#byNode.set(node, [...(this.#byNode.get(node) ?? []), p]);
    }
    this.#running = new Int32Array(info.processors).fill(-1);
    this.#resident = Array.from({ length: info.processors }, () => new Set<number>());
    this.#inUse = new Float64Array(info.resourceNames.length);
  }

  submitted(job: Job): void {
    this.#jobs.set(job.id, { job, running: new Set(), resident: new Set(), holds: false, count: 0, work: 0 });
  }

  operation(e: OperationEvent): void {
    const held = this.#held(e.job);
    const at = `time ${e.time}, job ${e.job.id}, ${e.operation}`;
    switch (e.operation) {
      case 'start':
      case 'restart': {
        if (
          e.operation === 'restart' &&
          !this.options.restartAnyCount &&
          e.processors.length !== held.count
        ) {
          this.#violation(
            `${at}: restarted on ${e.processors.length} processors after running on ${held.count}`,
          );
        }
        this.#count(at, e.job, e.processors.length);
        held.count = e.processors.length;
        this.#take(at, held);
        for (const p of e.processors) this.#run(at, held, p, true);
        break;
      }
      case 'place':
        this.#owned(at, e.discipline, e.processors);
        this.#count(at, e.job, e.processors.length);
        held.count = e.processors.length;
        this.#take(at, held);
        for (const p of e.processors) this.#reside(at, held, p);
        break;
      case 'resume': {
        const same =
          e.processors.length === held.resident.size && e.processors.every((p) => held.resident.has(p));
        if (!same) {
          this.#violation(`${at}: resumed on [${e.processors}] but resident on [${[...held.resident]}]`);
        }
        for (const p of e.processors) this.#run(at, held, p, false);
        break;
      }
      case 'resize': {
        this.#count(at, e.job, e.processors.length);
        for (const p of e.processors) if (!held.running.has(p)) this.#run(at, held, p, true);
        break;
      }
      case 'suspend':
      case 'checkpoint':
        // The processors stay taken until the released event (after the operation's cost).
        break;
    }
    if (
      e.operation === 'start' ||
      e.operation === 'restart' ||
      e.operation === 'resume' ||
      e.operation === 'resize'
    ) {
      this.#owned(at, e.discipline, e.processors);
      this.#placement(at, held);
    }
  }

  released(e: ReleaseEvent): void {
    const held = this.#held(e.job);
    for (const p of e.processors) {
      if (this.#running[p] === e.job.id) this.#running[p] = -1;
      held.running.delete(p);
      if (!e.resident) {
        this.#resident[p]!.delete(e.job.id);
        held.resident.delete(p);
      }
    }
    if (held.holds && held.resident.size === 0) {
      held.holds = false;
      this.#resources(e.job, -1);
    }
  }

  progressed(job: Job, from: number, to: number, processors: number, slowdown: number): void {
    const held = this.#held(job);
    held.work += (to - from) / (executionTimeOf(job, processors) * slowdown);
    if (to > from && processors !== held.running.size) {
      this.#violation(
        `job ${job.id}: progressed on ${processors} processors from ${from} to ${to} but ran on ${held.running.size}`,
      );
    }
    if (!(slowdown > 0) || !Number.isFinite(slowdown)) this.#violation(`job ${job.id}: slowdown ${slowdown}`);
  }

  reserved(job: { id: number }, at: number, now: number): void {
    const before = this.#reservation.get(job.id);
    if (this.options.reservations && before !== undefined && at > before + TOLERANCE) {
      this.#violation(`job ${job.id}: reservation delayed from ${before} to ${at} at time ${now}`);
    }
    this.#reservation.set(job.id, before === undefined ? at : Math.min(before, at));
  }

  /** Check a job's whole life at its end: arrival before start, rigid size, exact work delivered, nothing still held, reservation kept. */
  jobEnded(o: JobOutcome): void {
    this.outcomes.push(o);
    const { job } = o;
    const held = this.#held(job);
    if (o.start < job.submit)
      this.#violation(`job ${job.id}: started at ${o.start} before its arrival ${job.submit}`);
    if (isRigid(job) && o.processors !== job.size) {
      this.#violation(`job ${job.id}: rigid size ${job.size} but ran on ${o.processors}`);
    }
    if (o.ending === 'finished' && Math.abs(held.work - 1) > TOLERANCE) {
      this.#violation(`job ${job.id}: finished with ${held.work} of its work delivered`);
    }
    if (o.ending === 'killed' && held.work > 1 + TOLERANCE) {
      this.#violation(`job ${job.id}: killed after ${held.work} of its work, more than all of it`);
    }
    if (held.running.size > 0 || held.resident.size > 0) {
      this.#violation(`job ${job.id}: left still holding processors [${[...held.resident]}]`);
    }
    const due = this.#reservation.get(job.id);
    if (this.options.reservations && due !== undefined && o.start > due + TOLERANCE) {
      this.#violation(`job ${job.id}: reserved for ${due} but started at ${o.start}`);
    }
    this.#jobs.delete(job.id);
  }

  /** Record how the run ended; a status outside the accepted ones (default: `completed`) is a violation. */
  end(_now: number, status: RunStatus): void {
    this.status = status;
    const proper = this.options.statuses ?? ['completed'];
    if (!proper.includes(status))
      this.#violation(`run ended '${status}', not ${proper.map((s) => `'${s}'`).join(' or ')}`);
    if (status === 'completed') {
      const busy = this.#running.findIndex((j) => j !== -1);
      if (busy >= 0)
        this.#violation(`run completed with processor ${busy} still running job ${this.#running[busy]}`);
    }
  }

  /** Every processor an operation names belongs to the discipline (partition) that asked. */
  #owned(at: string, discipline: string, processors: readonly number[]): void {
    for (const p of processors) {
      const owner = this.#info.ownerOf(p);
      if (owner !== discipline)
        this.#violation(`${at}: processor ${p} belongs to ${owner ?? 'no partition'}, not ${discipline}`);
    }
  }

  /** The run's placement rules, for the job as it now runs. */
  #placement(at: string, held: Held): void {
    const { placement, cpuOf, nodeOf } = this.#info;
    if (placement.oneProcessPerCpu) {
      const cpus = new Set([...held.running].map(cpuOf));
      if (cpus.size < held.running.size) this.#violation(`${at}: two of its processes share a CPU`);
    }
    const nodes = new Set([...held.running].map(nodeOf));
    for (const node of nodes) {
      const jobs = new Set<number>();
      for (const q of this.#byNode.get(node) ?? []) if (this.#running[q] !== -1) jobs.add(this.#running[q]!);
      if (jobs.size > placement.maxJobsPerNode) {
        this.#violation(`${at}: node ${node} runs ${jobs.size} jobs (limit ${placement.maxJobsPerNode})`);
      }
    }
  }

  #held(job: Job): Held {
    let held = this.#jobs.get(job.id);
    if (!held) {
      this.#violation(`job ${job.id}: an operation on a job that was never submitted (or already left)`);
      held = { job, running: new Set(), resident: new Set(), holds: false, count: 0, work: 0 };
      this.#jobs.set(job.id, held);
    }
    return held;
  }

  #count(at: string, job: Job, count: number): void {
    if (count < minProcessors(job) || count > maxProcessors(job)) {
      this.#violation(`${at}: ${count} processors outside [${minProcessors(job)}, ${maxProcessors(job)}]`);
    }
  }

  #run(at: string, held: Held, p: number, newlyResident: boolean): void {
    if (!(p >= 0 && p < this.#info.processors)) {
      this.#violation(`${at}: processor ${p} does not exist`);
      return;
    }
    const other = this.#running[p]!;
    if (other !== -1) this.#violation(`${at}: processor ${p} already runs job ${other}`);
    this.#running[p] = held.job.id;
    held.running.add(p);
    if (newlyResident) this.#reside(at, held, p);
  }

  #reside(at: string, held: Held, p: number): void {
    const residents = this.#resident[p]!;
    residents.add(held.job.id);
    held.resident.add(p);
    if (residents.size > this.#info.multiprogrammingLimit) {
      this.#violation(
        `${at}: processor ${p} holds ${residents.size} resident jobs (limit ${this.#info.multiprogrammingLimit})`,
      );
    }
  }

  #take(at: string, held: Held): void {
    if (held.holds) return;
    held.holds = true;
    this.#resources(held.job, 1, at);
  }

  #resources(job: Job, sign: 1 | -1, at?: string): void {
    const info = this.#info;
    info.resourceNames.forEach((name, r) => {
      this.#inUse[r] = this.#inUse[r]! + sign * (job.resources?.[name] ?? 0);
      if (this.#inUse[r]! > info.resourceCapacities[r]! * (1 + TOLERANCE)) {
        this.#violation(
          `${at}: ${this.#inUse[r]} of '${name}' in use, capacity ${info.resourceCapacities[r]}`,
        );
      }
    });
  }

  #violation(sentence: string): void {
    this.violations.push(sentence);
  }
}
