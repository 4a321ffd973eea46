import { ConfigError } from '@js/core';
import {
  type ConfidenceInterval,
  confidenceInterval,
  type ReplicateOptions,
  type ReplicationStop,
  type RunSummary,
  replicate,
} from '@js/metrics';
import { openWorkload, type WorkloadSpec } from '@js/workloads';
import { checkStatistic, statisticOf } from './calibrate.ts';
import { type RunSettings, runDiscipline } from './execute.ts';
import { RunStalledError } from './stalled.ts';

/**
 * Replications to a confidence target (Anastasiadis & Sevcik 1997, §6): each replication draws a
 * fresh job stream from its own seed, ignores the first `warmUp` jobs, measures the next
 * `measured`, and ends when all of those have left — or as saturated when `saturationAfter`
 * further jobs arrive while one of them is still in the system. Replications go on until the
 * 95 % confidence interval of the statistic's mean is within 5 % of it, a replication saturates,
 * or the cap is reached.
 */
export interface ReplicationPlan {
  /** The run figure the target is on, by its path in the summary (default `response.mean`). */
  readonly statistic: string;
  readonly warmUp: number;
  readonly measured: number;
  readonly saturationAfter: number;
  /** Confidence level, target relative half-width, minimum and maximum replications. */
  readonly target: ReplicateOptions;
}

/** The paper's windows: 500 jobs of warm-up, 19 500 measured, saturated after 10 000 more arrivals. */
export const anastasiadisSevcikWindows = { warmUp: 500, measured: 19_500, saturationAfter: 10_000 } as const;

/** The figures a replicated report gives an interval for, besides the plan's statistic. */
export const replicatedFigures = [
  'wait.mean',
  'response.mean',
  'boundedSlowdown.mean',
  'partitionSize.mean',
  'utilisation.processors',
  'meanQueueLength',
] as const;

export interface ReplicatedReport {
  readonly discipline: string;
  readonly workload: string;
  readonly statistic: string;
  readonly stop: ReplicationStop;
  /** Replications run, the saturated one included. */
  readonly replications: number;
  readonly seeds: readonly (number | string)[];
  readonly warmUpJobs: number;
  readonly measuredJobs: number;
  readonly saturationAfter: number;
  /** Mean and confidence interval of each figure over the replications that did not saturate. */
  readonly figures: Readonly<Record<string, ConfidenceInterval>>;
  readonly summaries: readonly RunSummary[];
}

/** A workload spec that generates its jobs (a trace's jobs are the same for every seed). */
export type GeneratedSpec = Exclude<WorkloadSpec, { kind: 'swf' }>;

/** The spec, if replications can draw fresh jobs from it; a ConfigError naming the workload if not. */
export function generatedSpec(spec: WorkloadSpec, name: string): GeneratedSpec {
  if (spec.kind === 'swf') {
    throw new ConfigError(
      `workload ${name} is a trace: every replication would see the same jobs; replications need a model or synthetic workload spec (.json)`,
    );
  }
  return spec;
}

/** Replication `index`'s seed: an integer seed counts up (1, 2, 3…), a named one gets a suffix. */
export const replicationSeed = (base: number | string, index: number): number | string =>
  typeof base === 'number' ? base + index : index === 0 ? base : `${base}.${index}`;

/** Replicate one discipline on a generated workload until the plan's confidence target is met. */
export async function runReplicated(
  discipline: string,
  spec: GeneratedSpec,
  settings: Omit<RunSettings, 'out'>,
  plan: ReplicationPlan,
  machineProcessors?: number,
): Promise<ReplicatedReport> {
  settings.registry.discipline(discipline);
  const windowJobs = plan.warmUp + plan.measured;
  const jobs = windowJobs + plan.saturationAfter;
  checkStatistic(plan.statistic);
  const checked = new Set([plan.statistic, ...replicatedFigures]);
  const seeds: (number | string)[] = [];
  let workloadName = spec.name ?? spec.kind;
  const result = await replicate({
    options: plan.target,
    run: async (index) => {
      const seed = replicationSeed(settings.seed, index);
      seeds.push(seed);
      const workload = await openWorkload({ ...spec, jobs }, { seed, machineProcessors });
      workloadName = workload.name;
      const report = await runDiscipline(discipline, workload, {
        ...settings,
        seed,
        stop: `saturation:${windowJobs},${plan.saturationAfter}`,
        metrics: { ...settings.metrics, warmUpJobs: plan.warmUp, measuredJobs: plan.measured },
      });
      if (report.result.status === 'stalled') throw new RunStalledError([report]);
      return report.summary;
    },
    statistic: (summary) => statisticOf(summary, plan.statistic),
    saturated: (summary) => summary.status === 'saturated',
  });
  const finished = result.runs.filter((s) => s.status !== 'saturated');
  const figures = Object.fromEntries(
    [...checked].map((path) => [
      path,
      confidenceInterval(
        finished.map((s) => statisticOf(s, path)),
        { confidence: plan.target.confidence },
      ),
    ]),
  );
  return {
    discipline,
    workload: workloadName,
    statistic: plan.statistic,
    stop: result.stop,
    replications: result.runs.length,
    seeds,
    warmUpJobs: plan.warmUp,
    measuredJobs: plan.measured,
    saturationAfter: plan.saturationAfter,
    figures,
    summaries: result.runs,
  };
}
