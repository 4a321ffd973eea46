export { builtinPlugins, createRegistry } from './registry/builtins.ts';
export type { RunReport, RunSettings } from './run/execute.ts';
export { runDiscipline } from './run/execute.ts';
