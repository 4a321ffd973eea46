import { type Knowledge, type Registry, type RunLimits, type RunResult, simulate } from '@js/core';
import { Machine, type ResourceSpec } from '@js/machine';
import { createRunMetrics, type RunMetricsOptions, type RunSummary } from '@js/metrics';
import type { Workload, WorkloadReport } from '@js/workloads';
import { scheduleSink } from '../output/schedule.ts';
import type { Progress } from './progress.ts';

/** Everything one run needs besides the workload. */
export interface RunSettings {
  readonly registry: Registry;
  readonly seed: number | string;
  /** Discipline options (validated against the discipline's schema). */
  readonly options?: unknown;
  readonly profile?: string;
  readonly knowledge?: Partial<Knowledge>;
  readonly killAtEstimate?: boolean;
  readonly limits?: RunLimits;
  /** Named resources besides processors (K-resource machines). */
  readonly resources?: readonly ResourceSpec[];
  readonly metrics?: RunMetricsOptions;
  /** Write the per-job schedule here (.swf, .json, .csv). */
  readonly out?: string;
  readonly progress?: Progress;
}

export interface RunReport {
  readonly discipline: string;
  readonly workload: WorkloadReport;
  readonly result: RunResult;
  readonly summary: RunSummary;
}

/** Run one discipline over one workload: the single path behind `run`, `compare` and the API. */
export async function runDiscipline(
  discipline: string,
  workload: Workload,
  s: RunSettings,
): Promise<RunReport> {
  const definition = s.registry.discipline(discipline);
  // A multi-core model says how its processors group into nodes; a K-resource model names the
  // resources its jobs ask for. Resources given for the run come on top.
  const topology = workload.topology ?? { nodes: workload.processors, cpusPerNode: 1, coresPerCpu: 1 };
  const machine = new Machine({
    ...topology,
    resources: [...(workload.resources ?? []), ...(s.resources ?? [])],
  });
  const metrics = createRunMetrics(s.metrics);
  const sink = s.out
    ? scheduleSink(s.out, workload.header, `schedlab: ${discipline} on ${workload.name}, seed ${s.seed}`)
    : undefined;
  s.progress?.begin(`${discipline} on ${workload.name}`);
  let result: RunResult;
  try {
    result = await simulate(workload.jobs, {
      machine,
      discipline: definition,
      options: s.options,
      profile: s.profile ? s.registry.profile(s.profile) : undefined,
      knowledge: s.knowledge,
      killAtEstimate: s.killAtEstimate,
      limits: s.limits,
      seed: s.seed,
      observers: [metrics, ...(sink ? [sink] : []), ...(s.progress ? [s.progress.observer] : [])],
    });
  } finally {
    s.progress?.end();
    await sink?.close();
  }
  const report = workload.report();
  const cleaned = report.cleaning ? report.cleaning.jobsIn - report.cleaning.jobsOut : 0;
  return { discipline, workload: report, result, summary: metrics.summary({ cleaned }) };
}
