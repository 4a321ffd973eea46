import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { writeFileAtomic } from '../output/atomic.ts';
import { createRegistry } from '../registry/builtins.ts';
import type { Reproduction } from '../reproduce/paper.ts';
import { paper, papers } from '../reproduce/papers.ts';
import { createRunner } from '../run/parallel.ts';
import { terminalProgress } from '../run/progress.ts';
import { positiveInteger } from './values.ts';

interface ReproduceFlags {
  readonly quick?: boolean;
  readonly seeds?: number;
  readonly jobs?: number;
  readonly out?: string;
  readonly json?: boolean;
  readonly plugin?: string[];
  readonly workers?: number;
}

export function reproduceCommand(program: Command): void {
  program
    .command('reproduce')
    .argument('<paper>', `the paper: ${papers.map((p) => p.name).join(', ')}`)
    .description("run a seed paper's headline comparison and print our tables beside the paper's findings")
    .option('--quick', 'a reduced grid that runs in under a minute')
    .option('--seeds <n>', 'replications (seeds 1…n) per cell', positiveInteger('seeds'))
    .option('--jobs <n>', 'jobs per run', positiveInteger('jobs'))
    .option(
      '--workers <n>',
      'worker processes for the runs (default: the available cores); 1 runs them in this process',
      positiveInteger('workers'),
    )
    .option('-o, --out <prefix>', 'also write <prefix>.csv (one row per figure) and <prefix>.json')
    .option('--json', 'print everything as JSON')
    .action(async (name: string, flags: ReproduceFlags) => {
      const chosen = paper(name);
      const { seeds, jobs } = flags;
      const plugins: string[] = program.opts().plugin ?? [];
      const registry = await createRegistry(plugins);
      const progress = flags.json ? undefined : terminalProgress();
      const runner = createRunner({
        workers: flags.workers ?? availableParallelism(),
        registry,
        plugins,
        ...(flags.json ? {} : { label: `reproduce ${chosen.name}` }),
      });
      let result: Reproduction;
      try {
        result = await chosen.reproduce({
          quick: flags.quick ?? false,
          ...(seeds ? { seeds } : {}),
          ...(jobs ? { jobs } : {}),
          settings: { registry, progress },
          runner,
        });
      } finally {
        await runner.close();
      }
      if (flags.out) {
        await writeFileAtomic(`${flags.out}.csv`, csv(result.rows));
        await writeFileAtomic(`${flags.out}.json`, JSON.stringify(result.data, null, 2));
      }
      console.log(flags.json ? JSON.stringify(result.data, null, 2) : result.text);
    });
}

/** Rows as CSV with a header from the first row's keys; text fields quoted when needed. */
function csv(rows: readonly Record<string, string | number>[]): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]!);
  const cell = (v: string | number) =>
    typeof v === 'number' ? String(v) : /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  return `${[keys.join(','), ...rows.map((r) => keys.map((k) => cell(r[k]!)).join(','))].join('\n')}\n`;
}
