import {
  ConfigError,
  type Job,
  type JobOutcome,
  type OccupancySample,
  type OperationEvent,
  type PartitionSpec,
  type Registry,
  type ReleaseEvent,
  type Route,
  type RunInfo,
  type RunObserver,
  type RunStatus,
  routes,
  UnknownNameError,
} from '@js/core';
import { createRunMetrics, type RunMetrics, type RunMetricsOptions } from '@js/metrics';

/** One partition as given on the command line (`--partition NAME=DISCIPLINE:FIRST-LAST`). */
export interface PartitionFlag {
  readonly name: string;
  readonly discipline: string;
  /** First and last processor it owns, 0-based, inclusive. */
  readonly first: number;
  readonly last: number;
}

/**
 * The engine's partition specs for `--partition` flags, checked before any work: every discipline
 * name, each name once, each range within the machine's processors 0…P−1, no processor in two
 * partitions (the engine's own checks, with its messages, made up front).
 */
export function partitionSpecs(
  flags: readonly PartitionFlag[],
  registry: Registry,
  processors: number,
): PartitionSpec[] {
  const owner = new Map<number, string>();
  const names = new Set<string>();
  return flags.map((part) => {
    if (names.has(part.name)) throw new ConfigError(`partition '${part.name}' is named twice`);
    names.add(part.name);
    const discipline = registry.discipline(part.discipline);
    const { first, last } = part;
    if (
      !Number.isInteger(first) ||
      !Number.isInteger(last) ||
      first < 0 ||
      last >= processors ||
      first > last
    ) {
      throw new ConfigError(
        `partition '${part.name}': processors ${first}-${last} are not a range within 0-${processors - 1}`,
      );
    }
    for (let p = first; p <= last; p++) {
      const other = owner.get(p);
      if (other !== undefined)
        throw new ConfigError(`partitions '${other}' and '${part.name}' both hold processor ${p}`);
      owner.set(p, part.name);
    }
    return { name: part.name, discipline, first, last };
  });
}

/** `--route`: one of the engine's routes. */
export function checkRoute(route: string): Route {
  if (!(routes as readonly string[]).includes(route)) throw UnknownNameError.among('route', route, routes);
  return route as Route;
}

/** The partition an arriving job goes to, as the engine routes it (index into `sizes`). */
function routeIndex(route: Route, job: Job, sizes: readonly number[]): number {
  if (sizes.length === 1) return 0;
  if (route === 'size') {
    const need = job.minSize ?? job.size;
    return sizes.findIndex((n) => n >= need);
  }
  return (route === 'queue' ? job.queue! : job.partition!) - 1;
}

const QUEUED = 0;
const RUNNING = 1;
const PREEMPTED = 2;

/**
 * One run-metrics collector per partition, fed as the engine feeds one for the whole machine:
 * each partition's collector sees the arrivals routed to it, the outcomes of its jobs (by
 * `outcome.discipline`, the partition's name) and its own occupancy — processors of its range
 * held by a running job, its queued, running and preempted jobs — tracked from the operation and
 * release events. Named resources are shared by all partitions, so a partition's figures have no
 * resource utilisation.
 */
export class PartitionMetrics implements RunObserver {
  readonly metrics: readonly RunMetrics[];
  readonly #specs: readonly PartitionSpec[];
  readonly #route: Route;
  readonly #sizes: readonly number[];
  readonly #index = new Map<string, number>();
  readonly #jobs = new Map<number, { partition: number; state: number }>();
  readonly #busy: number[];
  readonly #levels: { queued: number; running: number; preempted: number }[];
  readonly #samples: { -readonly [K in keyof OccupancySample]: OccupancySample[K] }[];
  #partitionOf = new Int32Array(0);
  #busyOn = new Uint8Array(0);

  constructor(specs: readonly PartitionSpec[], route: Route, options?: RunMetricsOptions) {
    this.#specs = specs;
    this.#route = route;
    this.#sizes = specs.map((s) => s.last - s.first + 1);
    specs.forEach((s, k) => this.#index.set(s.name, k));
    this.metrics = specs.map(() => createRunMetrics(options));
    this.#busy = specs.map(() => 0);
    this.#levels = specs.map(() => ({ queued: 0, running: 0, preempted: 0 }));
    const none = new Float64Array(0);
    this.#samples = specs.map(() => ({
      now: 0,
      busyProcessors: 0,
      resourcesInUse: none,
      queued: 0,
      running: 0,
      preempted: 0,
    }));
  }

  begin(info: RunInfo): void {
    this.#partitionOf = new Int32Array(info.processors).fill(-1);
    this.#busyOn = new Uint8Array(info.processors);
    this.#specs.forEach((s, k) => {
      this.#partitionOf.fill(k, s.first, s.last + 1);
      this.metrics[k]!.begin({
        ...info,
        discipline: s.name,
        processors: this.#sizes[k]!,
        resourceNames: [],
        resourceCapacities: [],
      });
    });
  }

  submitted(job: Job, now: number): void {
    const k = routeIndex(this.#route, job, this.#sizes);
    this.#jobs.set(job.id, { partition: k, state: QUEUED });
    this.#levels[k]!.queued++;
    this.metrics[k]!.submitted(job, now);
  }

  operation(e: OperationEvent): void {
    const job = this.#jobs.get(e.job.id);
    if (!job) return;
    switch (e.operation) {
      case 'start':
      case 'restart':
      case 'resume':
        this.#move(job, RUNNING);
        this.#hold(e.processors);
        break;
      case 'resize':
        this.#hold(e.processors);
        break;
      case 'place':
      case 'suspend':
      case 'checkpoint':
        // Processors stay held until their release event (the end of the overhead).
        this.#move(job, PREEMPTED);
        break;
    }
  }

  released(e: ReleaseEvent): void {
    for (const p of e.processors) {
      if (!this.#busyOn[p]) continue;
      this.#busyOn[p] = 0;
      this.#busy[this.#partitionOf[p]!]!--;
    }
  }

  sample(o: OccupancySample): void {
    for (let k = 0; k < this.#samples.length; k++) {
      const s = this.#samples[k]!;
      const levels = this.#levels[k]!;
      s.now = o.now;
      s.busyProcessors = this.#busy[k]!;
      s.queued = levels.queued;
      s.running = levels.running;
      s.preempted = levels.preempted;
      this.metrics[k]!.sample(s);
    }
  }

  jobEnded(o: JobOutcome): void {
    const job = this.#jobs.get(o.job.id);
    if (job) {
      this.#count(job, -1);
      this.#jobs.delete(o.job.id);
    }
    const k = this.#index.get(o.discipline);
    if (k !== undefined) this.metrics[k]!.jobEnded(o);
  }

  end(now: number, status: RunStatus): void {
    for (const m of this.metrics) m.end(now, status);
  }

  #move(job: { partition: number; state: number }, state: number): void {
    this.#count(job, -1);
    job.state = state;
    this.#count(job, 1);
  }

  #count(job: { partition: number; state: number }, delta: number): void {
    const levels = this.#levels[job.partition]!;
    if (job.state === QUEUED) levels.queued += delta;
    else if (job.state === RUNNING) levels.running += delta;
    else levels.preempted += delta;
  }

  #hold(processors: readonly number[]): void {
    for (const p of processors) {
      if (this.#busyOn[p]) continue;
      this.#busyOn[p] = 1;
      this.#busy[this.#partitionOf[p]!]!++;
    }
  }
}
