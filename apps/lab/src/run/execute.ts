import {
  type ContentionModel,
  DisciplineError,
  type Knowledge,
  type PartitionSpec,
  type PlacementRules,
  type PlatformProfile,
  parseOptions,
  parseStopRule,
  placementRulesSchema,
  type Registry,
  type Route,
  type RunLimits,
  type RunObserver,
  type RunResult,
  simulate,
} from '@js/core';
import { Machine, type ResourceSpec } from '@js/machine';
import { createRunMetrics, type RunMetricsOptions, type RunSummary } from '@js/metrics';
import type { Workload, WorkloadReport } from '@js/workloads';
import { scheduleSink } from '../output/schedule.ts';
import { checkRoute, type PartitionFlag, PartitionMetrics, partitionSpecs } from './partitions.ts';
import type { Progress } from './progress.ts';

/** Everything one run needs besides the workload. */
export interface RunSettings {
  readonly registry: Registry;
  readonly seed: number | string;
  /** Discipline options (validated against the discipline's schema). */
  readonly options?: unknown;
  /** Platform profile name (default `ideal`). */
  readonly profile?: string;
  /** Contention model name (default `none`). */
  readonly contention?: string;
  /** Stop rule: `all-left` (default), `tagged-left:N`, `saturation:M,K`. */
  readonly stop?: string;
  /** Placement rules (jobs per node, one process per CPU). */
  readonly placement?: Partial<PlacementRules>;
  /** How arrivals find their partition in a partitioned run (default `size`). */
  readonly route?: Route;
  readonly knowledge?: Partial<Knowledge>;
  readonly killAtEstimate?: boolean;
  readonly limits?: RunLimits;
  /** Named resources besides processors (K-resource machines). */
  readonly resources?: readonly ResourceSpec[];
  readonly metrics?: RunMetricsOptions;
  /** Write the per-job schedule here (.swf, .json, .csv), and the counters to `<out>.counters.json`. */
  readonly out?: string;
  readonly progress?: Progress;
  /** More observers of the run (a Gantt recorder). */
  readonly observers?: readonly RunObserver[];
}

/** The figures of one partition of a partitioned run. */
export interface PartitionReport {
  readonly name: string;
  readonly discipline: string;
  /** Processors `first`…`last`, 0-based, inclusive. */
  readonly first: number;
  readonly last: number;
  readonly summary: RunSummary;
}

/** One finished run as `run` and `compare` print it (`--json` writes it whole): discipline, workload, engine result and figures. */
export interface RunReport {
  /** The discipline, or for a partitioned run `name=discipline+…` for each partition. */
  readonly discipline: string;
  readonly workload: WorkloadReport;
  /** The engine's result: status, counters by discipline or partition, and `stall` when stalled. */
  readonly result: RunResult;
  /** Figures over the whole machine. */
  readonly summary: RunSummary;
  /** Figures per partition, in the order given (partitioned runs only). */
  readonly partitions?: readonly PartitionReport[];
}

/** The names a run's settings give, resolved: the registry's entries, checked values. */
export interface Resolved {
  readonly profile: PlatformProfile | undefined;
  readonly contention: ContentionModel | undefined;
  readonly placement: Partial<PlacementRules> | undefined;
  readonly route: Route;
}

/**
 * Check every name and value of the settings (profile, contention model, stop rule, placement
 * rules, route) and resolve them: throws the coded error of the first bad one. Cheap; callers run
 * it before any work so that a typo never costs a run.
 */
export function resolveSettings(s: RunSettings): Resolved {
  const profile = s.profile === undefined ? undefined : s.registry.profile(s.profile);
  const contention = s.contention === undefined ? undefined : s.registry.contentionModel(s.contention);
  if (s.stop !== undefined) parseStopRule(s.stop);
  if (s.placement !== undefined) parseOptions('placement rules', placementRulesSchema, s.placement);
  return { profile, contention, placement: s.placement, route: checkRoute(s.route ?? 'size') };
}

/** The machine a workload runs on, with the run's extra resources. */
export function machineFor(workload: Workload, s: Pick<RunSettings, 'resources'>): Machine {
  // A multi-core model says how its processors group into nodes; a K-resource model names the
  // resources its jobs ask for. Resources given for the run come on top.
  const topology = workload.topology ?? { nodes: workload.processors, cpusPerNode: 1, coresPerCpu: 1 };
  return new Machine({
    ...topology,
    resources: [...(workload.resources ?? []), ...(s.resources ?? [])],
  });
}

/** Run one discipline over one workload: the single path behind `run`, `compare` and the API. */
export function runDiscipline(discipline: string, workload: Workload, s: RunSettings): Promise<RunReport> {
  return execute({ discipline }, workload, s);
}

/**
 * Run disjoint partitions of the machine, each under its own discipline, arrivals routed by
 * `s.route`. Every partition is checked (names, ranges, overlaps) before the run starts.
 */
export function runPartitioned(
  partitions: readonly PartitionFlag[],
  workload: Workload,
  s: RunSettings,
): Promise<RunReport> {
  return execute({ partitions }, workload, s);
}

/** Check a partitioned run's partitions against the registry and the workload's machine. */
export function checkPartitions(
  partitions: readonly PartitionFlag[],
  workload: Workload,
  s: RunSettings,
): PartitionSpec[] {
  return partitionSpecs(partitions, s.registry, machineFor(workload, s));
}

type Target = { readonly discipline: string } | { readonly partitions: readonly PartitionFlag[] };

async function execute(target: Target, workload: Workload, s: RunSettings): Promise<RunReport> {
  const resolved = resolveSettings(s);
  const machine = machineFor(workload, s);
  const definition = 'discipline' in target ? s.registry.discipline(target.discipline) : undefined;
  const specs = 'partitions' in target ? partitionSpecs(target.partitions, s.registry, machine) : undefined;
  const label = specs
    ? specs.map((p) => `${p.name}=${p.discipline.name}`).join('+')
    : (target as { discipline: string }).discipline;
  const metrics = createRunMetrics(s.metrics);
  const perPartition = specs ? new PartitionMetrics(specs, s.metrics) : undefined;
  const sink = s.out
    ? scheduleSink(
        s.out,
        workload.header,
        machine.processors,
        `schedlab: ${label} on ${workload.name}, seed ${s.seed}`,
        !!specs,
      )
    : undefined;
  const observers: RunObserver[] = [
    metrics,
    ...(perPartition ? [perPartition] : []),
    ...(sink ? [sink] : []),
    ...(s.progress ? [s.progress.observer] : []),
    ...(s.observers ?? []),
  ];
  s.progress?.begin(`${label} on ${workload.name}`);
  let result: RunResult;
  try {
    result = await simulate(workload.jobs, {
      machine,
      ...(specs
        ? { partitions: specs, route: resolved.route }
        : { discipline: definition, options: s.options }),
      profile: resolved.profile,
      contention: resolved.contention,
      placement: resolved.placement,
      stop: s.stop,
      knowledge: s.knowledge,
      killAtEstimate: s.killAtEstimate,
      limits: s.limits,
      seed: s.seed,
      observers,
      // A turn of the event loop now and then: a run over in-memory jobs (a model) never waits on
      // I/O, and without it Ctrl-C would be seen only after the run, when the open output's
      // handler (output/atomic.ts) could no longer remove its temporary file promptly.
      yieldEvery: 4096,
    });
  } catch (error) {
    s.progress?.end();
    // A run that threw leaves no schedule: whatever was at the path stays, the partial file goes.
    await sink?.abort();
    const plugin = error instanceof DisciplineError ? s.registry.pluginOf(error.discipline) : undefined;
    throw plugin && error instanceof DisciplineError ? error.inPlugin(plugin) : error;
  }
  s.progress?.end();
  // Renamed into place only now that it is complete.
  await sink?.close(result.counters);
  const report = workload.report();
  const cleaned = report.cleaning ? report.cleaning.jobsIn - report.cleaning.jobsOut : 0;
  return {
    discipline: label,
    workload: report,
    result,
    summary: metrics.summary({ cleaned }),
    ...(specs && perPartition
      ? {
          partitions: specs.map((p, k) => ({
            name: p.name,
            discipline: p.discipline.name,
            first: p.first,
            last: p.last,
            summary: perPartition.metrics[k]!.summary(),
          })),
        }
      : {}),
  };
}
