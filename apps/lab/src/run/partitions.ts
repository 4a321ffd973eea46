import {
  checkPartitions,
  type Job,
  type JobOutcome,
  type OccupancySample,
  type PartitionSpec,
  type Registry,
  type Route,
  type RunInfo,
  type RunObserver,
  type RunStatus,
  routes,
  UnknownNameError,
} from '@js/core';
import type { Machine } from '@js/machine';
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
 * name through the registry (closest-name errors), then the engine's own partition checks (each
 * name once, each range within the machine, no processor in two partitions), with its messages.
 */
export function partitionSpecs(
  flags: readonly PartitionFlag[],
  registry: Registry,
  machine: Machine,
): PartitionSpec[] {
  const partitions = flags.map(({ name, discipline, first, last }) => ({
    name,
    discipline: registry.discipline(discipline),
    first,
    last,
  }));
  checkPartitions({ machine, partitions });
  return partitions;
}

/** `--route`: one of the engine's routes. */
export function checkRoute(route: string): Route {
  if (!(routes as readonly string[]).includes(route)) throw UnknownNameError.among('route', route, routes);
  return route as Route;
}

/**
 * One run-metrics collector per partition, fed as the engine feeds one for the whole machine:
 * the arrivals the engine routed to it, the outcomes of its jobs (by `outcome.discipline`, the
 * partition's name) and its own levels from each sample's `partitions`. Named resources are
 * shared by all partitions, so a partition's figures have no resource utilisation.
 */
export class PartitionMetrics implements RunObserver {
  readonly metrics: readonly RunMetrics[];
  readonly #specs: readonly PartitionSpec[];
  readonly #index = new Map<string, number>();
  readonly #samples: { -readonly [K in keyof OccupancySample]: OccupancySample[K] }[];

  constructor(specs: readonly PartitionSpec[], options?: RunMetricsOptions) {
    this.#specs = specs;
    specs.forEach((s, k) => this.#index.set(s.name, k));
    this.metrics = specs.map(() => createRunMetrics(options));
    const none = new Float64Array(0);
    this.#samples = specs.map(() => ({
      now: 0,
      busyProcessors: 0,
      resourcesInUse: none,
      queued: 0,
      running: 0,
      preempted: 0,
      partitions: [],
    }));
  }

  begin(info: RunInfo): void {
    this.#specs.forEach((s, k) => {
      this.metrics[k]!.begin({
        ...info,
        discipline: s.name,
        processors: s.last - s.first + 1,
        resourceNames: [],
        resourceCapacities: [],
      });
    });
  }

  submitted(job: Job, now: number, discipline: string): void {
    const k = this.#index.get(discipline);
    if (k !== undefined) this.metrics[k]!.submitted(job, now);
  }

  sample(o: OccupancySample): void {
    for (let k = 0; k < this.#samples.length; k++) {
      // The engine lists partitions only when there are several: a lone one has the whole levels.
      const part = o.partitions[k] ?? o;
      const s = this.#samples[k]!;
      s.now = o.now;
      s.busyProcessors = part.busyProcessors;
      s.queued = part.queued;
      s.running = part.running;
      s.preempted = part.preempted;
      this.metrics[k]!.sample(s);
    }
  }

  jobEnded(o: JobOutcome): void {
    const k = this.#index.get(o.discipline);
    if (k !== undefined) this.metrics[k]!.jobEnded(o);
  }

  end(now: number, status: RunStatus): void {
    for (const m of this.metrics) m.end(now, status);
  }
}
