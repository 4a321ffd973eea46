export type { Capabilities, CapabilitiesInput } from './discipline/capabilities.ts';
export { capabilitiesSchema } from './discipline/capabilities.ts';
export type {
  DisciplineDefinition,
  DisciplineEnvironment,
  DisciplineInput,
  OptionsSchema,
  Plugin,
  Scheduler,
} from './discipline/define.ts';
export { defineDiscipline, definePlugin, isPlugin } from './discipline/define.ts';
export type { BufferedJobs } from './engine/arrivals.ts';
export type { ContentionModel, Placement as ContentionPlacement } from './engine/contention.ts';
export { noContention } from './engine/contention.ts';
export type {
  JobsView,
  MachineView,
  Notes,
  Operation,
  Placement,
  ProcessorSetView,
  SchedulingContext,
  SwitchChange,
  TimerHandle,
  Trigger,
} from './engine/context.ts';
export type { JobState, JobView } from './engine/job-view.ts';
export type { Knowledge, TraitKnowledge } from './engine/knowledge.ts';
export { knowledgeSchema } from './engine/knowledge.ts';
export type {
  JobEnding,
  JobOutcome,
  OccupancySample,
  OperationEvent,
  PartitionOccupancy,
  ReleaseEvent,
  RunInfo,
  RunObserver,
  RunStatus,
  SlotEvent,
} from './engine/observer.ts';
export type { PartitionSpec, Route } from './engine/partitions.ts';
export { routes, seatsFor as checkPartitions } from './engine/partitions.ts';
export { hasRunMinimum, instantTolerance } from './engine/physics.ts';
export type { PlacementRules } from './engine/placement.ts';
export { noPlacementRules, placementRulesSchema } from './engine/placement.ts';
export type { PlatformProfile } from './engine/profile.ts';
export {
  builtinProfiles,
  gangProfile,
  idealProfile,
  lsfProfile,
  platformProfileSchema,
} from './engine/profile.ts';
export type { RunLimits, RunResult, SimulationOptions } from './engine/run-options.ts';
export { simulate } from './engine/simulation.ts';
export type { StallReport } from './engine/stall.ts';
export type { StopRule, StopRuleInfo } from './engine/stop-rules.ts';
export { parseStopRule, stopRules } from './engine/stop-rules.ts';
export {
  ConfigError,
  DisciplineError,
  InputError,
  InvariantViolation,
  OptionsError,
  PluginError,
  SchedlabError,
  UnknownNameError,
} from './errors/errors.ts';
export type { ExecutionTime, Job } from './job/job.ts';
export { executionTimeOf, isRigid, maxProcessors, minProcessors } from './job/job.ts';
export { isDecimalNumeral, type NumberRule, type ReadNumber, readNumber } from './options/numbers.ts';
export { parseOptions } from './options/options.ts';
export type { RandomStream } from './random/streams.ts';
export { RandomStreams } from './random/streams.ts';
export { Registry } from './registry/registry.ts';
