import type { RunStatus } from '@js/core';
import type { DistributionSummary } from '../distribution/distribution.ts';

/** Job counts over the whole run, measured or not. */
export interface JobCounts {
  readonly submitted: number;
  readonly finished: number;
  readonly killed: number;
  /** Submitted but not yet left when the run ended (non-zero for a saturated or bounded run). */
  readonly inSystem: number;
  /** Removed by the workload's cleaning rules before the run (from the workload report). */
  readonly cleaned: number;
}

/** The jobs and the period the figures are taken over. */
export interface MeasuredWindow {
  readonly warmUpJobs: number;
  /** null: every job after the warm-up. */
  readonly measuredJobs: number | null;
  /** Measured jobs that left the system: the sample behind every distribution. */
  readonly jobs: number;
  /** Time averages run from the first measured submission… */
  readonly start: number;
  /** …to the departure of the last measured job, or to the end of the run if some are still in it. */
  readonly end: number;
}

/** Time-weighted utilisation, as a fraction of capacity. */
export interface Utilisation {
  readonly processors: number;
  /** By resource name; a resource with zero capacity reports 0. */
  readonly resources: Readonly<Record<string, number>>;
}

/**
 * The figures of one run. Per-job figures cover the measured jobs (finished or killed) that left
 * the system; NaN marks a figure with no measured job behind it. Time averages cover
 * {@link MeasuredWindow.start} … {@link MeasuredWindow.end}.
 */
export interface RunSummary {
  readonly discipline: string;
  /** Partial figures when not 'completed' (a saturated run still has jobs in the system). */
  readonly status: RunStatus;
  readonly jobs: JobCounts;
  readonly cleanedByRule: Readonly<Record<string, number>>;
  readonly window: MeasuredWindow;
  /** start − submit. */
  readonly wait: DistributionSummary;
  /** end − submit. */
  readonly response: DistributionSummary;
  /** response / runTime, over jobs with a positive run time. */
  readonly slowdown: DistributionSummary;
  /** max(1, response / max(runTime, τ)). */
  readonly boundedSlowdown: DistributionSummary;
  /**
   * Processors a job held per second of progress (processor time, operation overheads included,
   * / run time), over jobs with a positive run time: the start size of a job never resized and
   * never charged an overhead; Anastasiadis & Sevcik's "mean partition size" is its mean.
   */
  readonly partitionSize: DistributionSummary;
  /** τ used for bounded slowdown, seconds. */
  readonly boundedSlowdownThreshold: number;
  /** Relative error bound α of every median and p95 above. */
  readonly quantileAccuracy: number;
  /** Last measured departure − first measured submission. */
  readonly makespan: number;
  /** Measured jobs that left per second of makespan. */
  readonly throughput: number;
  /** Σ wᵢ·responseᵢ / Σ wᵢ with wᵢ the job's processor time (processors × run time for a rigid job). */
  readonly weightedResponseTime: number;
  /**
   * Leinberger et al.'s weighted average response time (seed 001 §3.2), in seconds:
   * Σ wᵢ·responseᵢ / Σ wᵢ with wᵢ = runTimeᵢ × Σ_r amountᵢ,r / capacity_r over the machine's named
   * resources (size / processors on a machine with none; see `resourceRequirement`): "resource
   * requirement × execution time". The paper averages wᵢ·responseᵢ over the jobs instead; on
   * identical jobs Σ wᵢ and the job count are the same for every discipline, so relative gains
   * between disciplines are the same either way, and this form stays in seconds. NaN when the
   * measured jobs' weights sum to 0 (none ran, or none asked for any resource).
   */
  readonly resourceWeightedResponseTime: number;
  readonly utilisation: Utilisation;
  /** Time-average number of jobs waiting to start. */
  readonly meanQueueLength: number;
  /** Most jobs waiting at once while the measured period was open. */
  readonly maxQueueLength: number;
  /** Time-average number of running jobs. */
  readonly meanRunningJobs: number;
}

/** What the metrics cannot see from the engine: cleaning happened before the run. */
export interface SummaryInput {
  /** Jobs removed by cleaning rules: a total, or counts by rule name. */
  readonly cleaned?: number | Readonly<Record<string, number>>;
}
