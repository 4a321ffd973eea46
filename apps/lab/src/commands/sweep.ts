import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError } from '@js/core';
import type { Command } from 'commander';
import { formatNumber, renderTable } from '../output/table.ts';
import { expandGrid } from '../sweep/cells.ts';
import { readGrid } from '../sweep/grid.ts';
import { resultsFile } from '../sweep/results-log.ts';
import { parseShard, shardCells } from '../sweep/shard.ts';
import { emitSlurm } from '../sweep/slurm.ts';
import { checkGrid, runSweep } from '../sweep/sweep.ts';
import { positiveInteger } from './values.ts';

interface SweepFlags {
  results?: string;
  dryRun?: boolean;
  workers?: number;
  shard?: string;
  emitSlurm?: string;
  shards?: number;
}

export function sweepCommand(program: Command): void {
  program
    .command('sweep')
    .description(
      'run a grid of disciplines × workloads × loads × seeds (a JSON or YAML file), resumably, on worker processes',
    )
    .argument('<file>', 'the sweep file (.json, .yaml or .yml)')
    .option('--results <dir>', 'where results.jsonl and sweep.json go (default: ./sweep-<name>)')
    .option('--dry-run', 'list the cells (id, discipline, workload, load, seed) and run nothing')
    .option(
      '--workers <n>',
      'worker processes (default: the available cores); 1 runs the cells in this process',
      positiveInteger('workers'),
    )
    .option('--shard <i/n>', 'run shard i of n (0-based): every n-th cell in the order of their ids')
    .option(
      '--emit-slurm <dir>',
      'write a Slurm job array (one shard per task) and a dependent merge job to <dir>; runs nothing',
    )
    .option('--shards <n>', 'array tasks of --emit-slurm', positiveInteger('shards'))
    .action(async (file: string, flags: SweepFlags) => {
      const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
      if (flags.shards !== undefined && flags.emitSlurm === undefined)
        throw new ConfigError('--shards applies to --emit-slurm; run one shard with --shard i/n');
      const grid = await readGrid(file);
      const global = program.opts() as { plugin?: string[] };
      const plugins = global.plugin ?? [];
      await checkGrid(file, grid, plugins);
      const cells = await expandGrid(grid, file, plugins);
      const dir = flags.results ?? `sweep-${grid.name}`;
      if (flags.emitSlurm !== undefined) {
        if (shard)
          throw new ConfigError('--emit-slurm and --shard exclude each other: the script runs every shard');
        const written = await emitSlurm({
          out: flags.emitSlurm,
          file: resolve(file),
          results: resolve(dir),
          shards: flags.shards ?? 1,
          plugins,
          cells: cells.length,
        });
        console.log(
          `Slurm job array written: submit it with \`sh ${written.submit}\` (${written.files.join(', ')})`,
        );
        return;
      }
      if (flags.dryRun) {
        const mine = shardCells(cells, shard);
        console.log(
          `sweep ${grid.name}: ${mine.length} cells${shard ? ` (shard ${shard.index}/${shard.count} of ${cells.length})` : ''}`,
        );
        console.log(
          renderTable(
            ['id', 'discipline', 'workload', 'load', 'seed'],
            mine.map((c) => [c.id, c.label, c.workload, formatNumber(c.load), String(c.seed)]),
          ),
        );
        return;
      }
      const workers = flags.workers ?? availableParallelism();
      const outcome = await runSweep({ file, grid, cells, plugins, dir, shard, workers });
      console.log(
        `sweep ${grid.name}: ${outcome.cells} cells${shard ? ` (shard ${shard.index}/${shard.count})` : ''}; ` +
          `skipped ${outcome.skipped} already in ${resultsFile(dir)}; ran ${outcome.ran}` +
          (outcome.ran > 0 ? ` on ${Math.min(workers, outcome.ran)} worker(s)` : ''),
      );
    });
}
