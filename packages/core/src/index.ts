export type {
  DisciplineDefinition,
  DisciplineEnvironment,
  OptionsSchema,
  Plugin,
  Scheduler,
} from './discipline/define.ts';
export { defineDiscipline, definePlugin, isPlugin } from './discipline/define.ts';
export type {
  JobsView,
  MachineView,
  Operation,
  Placement,
  SchedulingContext,
  Trigger,
} from './engine/context.ts';
export type { JobState, JobView } from './engine/job-view.ts';
export type { Knowledge } from './engine/knowledge.ts';
export { knowledgeSchema } from './engine/knowledge.ts';
export type {
  JobEnding,
  JobOutcome,
  OccupancySample,
  RunInfo,
  RunObserver,
  RunStatus,
} from './engine/observer.ts';
export type { PlatformProfile } from './engine/profile.ts';
export { idealProfile, platformProfileSchema } from './engine/profile.ts';
export type { RunLimits, RunResult, SimulationOptions } from './engine/simulation.ts';
export { simulate } from './engine/simulation.ts';
export {
  ConfigError,
  InputError,
  InvariantViolation,
  OptionsError,
  PluginError,
  SchedlabError,
  UnknownNameError,
} from './errors/errors.ts';
export type { ExecutionTime, Job } from './job/job.ts';
export { executionTimeOf, isRigid, maxProcessors, minProcessors } from './job/job.ts';
export { parseOptions } from './options/options.ts';
export type { RandomStream } from './random/streams.ts';
export { RandomStreams } from './random/streams.ts';
export { Registry } from './registry/registry.ts';
