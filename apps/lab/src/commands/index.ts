import type { Command } from 'commander';

/** One subcommand: the line `schedlab --help` shows for it, and how to load its whole definition. */
interface CommandEntry {
  readonly summary: string;
  readonly define: () => Promise<(program: Command) => unknown>;
}

/**
 * Every subcommand, loaded only when a command line names it: each definition imports what its
 * action needs (the disciplines, the workload readers, the sweep's worker pool and YAML parser, …),
 * and loading all of them cost more than Node's own start-up. `--help` loads none.
 */
export const commands: Readonly<Record<string, CommandEntry>> = {
  list: {
    summary: 'list every discipline, workload model, platform profile, contention model and stop rule',
    define: async () => (await import('./list.ts')).listCommand,
  },
  run: {
    summary: 'run one discipline (or one per partition) on one workload and print its figures',
    define: async () => (await import('./run.ts')).runCommand,
  },
  compare: {
    summary: 'run several disciplines on identical jobs and show them side by side',
    define: async () => (await import('./compare.ts')).compareCommand,
  },
  generate: {
    summary: 'write the jobs of a workload model as an SWF file',
    define: async () => (await import('./generate.ts')).generateCommand,
  },
  calibrate: {
    summary: 'find the offered load at which a discipline reaches a target value of a run figure',
    define: async () => (await import('./calibrate.ts')).calibrateCommand,
  },
  reproduce: {
    summary: "run a seed paper's headline comparison beside the paper's findings",
    define: async () => (await import('./reproduce.ts')).reproduceCommand,
  },
  sweep: {
    summary: 'run a grid of disciplines × workloads × loads × seeds, resumably, on worker processes',
    define: async () => (await import('./sweep.ts')).sweepCommand,
  },
  merge: {
    summary: 'join the results directories of a sweep’s shards into one',
    define: async () => (await import('./merge.ts')).mergeCommand,
  },
  report: {
    summary: 'one self-contained HTML report of results (charts, Gantt), or one chart as an SVG/PNG figure',
    define: async () => (await import('./report.ts')).reportCommand,
  },
  'new-plugin': {
    summary: 'write a ready discipline-plugin package (tsup, vitest with the invariant property, changesets)',
    define: async () => (await import('./new-plugin.ts')).newPluginCommand,
  },
  summarize: {
    summary: 'a sweep’s figures per discipline and load, with 95 % confidence half-widths',
    define: async () => (await import('./summarize.ts')).summarizeCommand,
  },
};

/**
 * The subcommand a command line names: its first word that is neither an option nor the value of
 * `--plugin` (`help run` names `run`). Undefined when it names none, e.g. `schedlab --help`.
 */
export function namedCommand(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--plugin') i++;
    else if (!word.startsWith('-') && word !== 'help') return word;
  }
  return undefined;
}
