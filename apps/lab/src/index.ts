export { builtinPlugins, createRegistry } from './registry/builtins.ts';
export type { PartitionReport, RunReport, RunSettings } from './run/execute.ts';
export { checkPartitions, resolveSettings, runDiscipline, runPartitioned } from './run/execute.ts';
export type { PartitionFlag } from './run/partitions.ts';
export { RunStalledError, STALLED_EXIT_CODE } from './run/stalled.ts';
