export { builtinPlugins, createRegistry } from './registry/builtins.ts';
export type { PartitionReport, Resolved, RunReport, RunSettings } from './run/execute.ts';
export { checkPartitions, resolveSettings, runDiscipline, runPartitioned } from './run/execute.ts';
export type { PartitionFlag } from './run/partitions.ts';
export type { Progress } from './run/progress.ts';
export { RunStalledError, STALLED_EXIT_CODE } from './run/stalled.ts';
