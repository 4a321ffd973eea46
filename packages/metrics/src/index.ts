export { CompensatedSum } from './distribution/compensated-sum.ts';
export {
  DEFAULT_QUANTILE_ACCURACY,
  Distribution,
  type DistributionSummary,
} from './distribution/distribution.ts';
export { type JobRecord, jobRecord, jobRecordFields } from './job-record/job-record.ts';
export {
  type RequirementMachine,
  resourceRequirement,
} from './job-record/resource-requirement.ts';
export { boundedSlowdown, DEFAULT_BOUNDED_SLOWDOWN_THRESHOLD, slowdown } from './job-record/slowdown.ts';
export { OccupancyIntegral, type OccupancyMeans } from './occupancy/occupancy-integral.ts';
export {
  type ConfidenceInterval,
  confidenceInterval,
  enoughReplications,
  type ReplicationOptions,
  replicationOptionsSchema,
} from './replications/confidence-interval.ts';
export {
  type Replicated,
  type ReplicateInput,
  type ReplicateOptions,
  ReplicationError,
  type ReplicationStop,
  replicate,
  replicateOptionsSchema,
} from './replications/replicate.ts';
export { studentTCdf, studentTQuantile } from './replications/student-t.ts';
export { type MeasurementProgress, MeasurementWindow } from './run/measurement-window.ts';
export {
  type ResolvedRunMetricsOptions,
  type RunMetricsOptions,
  runMetricsOptionsSchema,
} from './run/options.ts';
export { createRunMetrics, type RunMetrics } from './run/run-metrics.ts';
export type { JobCounts, MeasuredWindow, RunSummary, SummaryInput, Utilisation } from './run/run-summary.ts';
