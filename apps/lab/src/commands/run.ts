import { ConfigError } from '@js/core';
import type { Command } from 'commander';
import { checkOutputPath } from '../output/paths.ts';
import { countersPath, scheduleFormats } from '../output/schedule.ts';
import { comparisonTable, countersLine, partitionTable, workloadLine } from '../output/summary.ts';
import { checkPartitions, runDiscipline, runPartitioned } from '../run/execute.ts';
import type { PartitionFlag } from '../run/partitions.ts';
import { failIfStalled } from '../run/stalled.ts';
import { addRunOptions, prepare, type RunFlags } from './shared.ts';
import { partition } from './values.ts';

interface RunCommandFlags extends RunFlags {
  discipline: string;
  out?: string;
  partition?: PartitionFlag[];
  route: string;
}

export function runCommand(program: Command): void {
  addRunOptions(
    program
      .command('run')
      .description('run one discipline (or one per partition) on one workload and print its figures')
      .option('-d, --discipline <name>', 'discipline to run (see `schedlab list`)', 'easy')
      .option(
        '-p, --partition <name=discipline:first-last>',
        'a partition of processors first..last (0-based, inclusive) under its own discipline, instead of --discipline; repeatable',
        partition,
      )
      .option(
        '--route <route>',
        'how arrivals find their partition: queue (SWF queue number, 1 = first partition), partition (SWF partition number) or size (first partition large enough)',
        'size',
      )
      .option(
        '-o, --out <file>',
        'write the per-job schedule: .swf (simulated wait in field 3), .json or .csv; counters go to <file>.counters.json',
      ),
  ).action(async (flags: RunCommandFlags, command: Command) => {
    const partitions = flags.partition;
    if (partitions) {
      if (command.getOptionValueSource('discipline') === 'cli')
        throw new ConfigError(
          '--discipline and --partition exclude each other: each partition names its discipline',
        );
      if (flags.options !== undefined)
        throw new ConfigError(
          '--options applies to --discipline; partitions run their disciplines with default options',
        );
    }
    const global = program.opts() as { plugin?: string[] };
    // The output path, before any work: its format, its directory, and that it is no input.
    if (flags.out !== undefined) {
      checkOutputPath(flags.out, {
        option: '--out',
        formats: scheduleFormats,
        inputs: [flags.workload, ...(global.plugin ?? [])],
        sideFiles: [countersPath(flags.out)],
      });
    }
    const { workload, settings } = await prepare({ ...flags, ...global });
    const run = { ...settings, out: flags.out };
    let report: Awaited<ReturnType<typeof runDiscipline>>;
    if (partitions) {
      // Names, ranges and overlaps, against the workload's machine, before the run starts.
      checkPartitions(partitions, workload, run);
      report = await runPartitioned(partitions, workload, run);
    } else {
      // Check the name before the workload is read.
      settings.registry.discipline(flags.discipline);
      report = await runDiscipline(flags.discipline, workload, run);
    }
    if (flags.json) console.log(JSON.stringify(report, null, 2));
    else {
      console.log(workloadLine(report.workload));
      console.log(report.partitions ? partitionTable(report) : comparisonTable([report]));
      const counters = countersLine(report);
      if (counters) console.log(counters);
      if (flags.out) console.log(`schedule written to ${flags.out}, counters to ${flags.out}.counters.json`);
    }
    failIfStalled([report]);
  });
}
