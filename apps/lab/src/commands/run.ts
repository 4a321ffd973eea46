import { ConfigError } from '@js/core';
import type { Command } from 'commander';
import { inWindow, parseGanttWindow, renderGantt } from '../output/gantt.ts';
import { checkOutputPath } from '../output/paths.ts';
import { countersPath, scheduleFormats } from '../output/schedule.ts';
import { type Segment, segmentRecorder } from '../output/segments.ts';
import {
  comparisonTable,
  countersLine,
  partitionTable,
  replicatedTable,
  replicationLine,
  workloadLine,
} from '../output/summary.ts';
import { checkPartitions, runDiscipline, runPartitioned } from '../run/execute.ts';
import type { PartitionFlag } from '../run/partitions.ts';
import { generatedSpec, runReplicated } from '../run/replicated.ts';
import { failIfStalled } from '../run/stalled.ts';
import { addReplicationOptions, type ReplicationFlags, replicationPlan } from './replication.ts';
import { addRunOptions, prepare, type RunFlags, readWorkloadSpec } from './shared.ts';
import { partition, positiveNumber } from './values.ts';

interface RunCommandFlags extends RunFlags, ReplicationFlags {
  discipline: string;
  out?: string;
  gantt?: string | true;
  ganttStep: number;
  partition?: PartitionFlag[];
  route: string;
  report?: string;
}

export function runCommand(program: Command): void {
  addReplicationOptions(
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
          'write the per-job schedule: .swf or .swf.gz (simulated wait in field 3), .json (with each job’s segments on processors) or .csv; counters go to <file>.counters.json',
        )
        .option(
          '--gantt [from:to]',
          'print who ran where over a time window (seconds; default 40 rows from 0): processors across, time down — a gang run’s scheduling matrix, round by round',
        )
        .option(
          '--gantt-step <seconds>',
          'seconds per --gantt row (default 5, the gang quantum)',
          positiveNumber('gantt-step'),
          5,
        )
        .option(
          '--report <file>',
          'also write a self-contained HTML report of the run (.html: charts, Gantt)',
        ),
    ),
  ).action(async (flags: RunCommandFlags, command: Command) => {
    const explicit = (option: string) => command.getOptionValueSource(option) === 'cli';
    const plan = replicationPlan(flags, explicit);
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
    const gantt = flags.gantt === undefined ? undefined : parseGanttWindow(flags.gantt, flags.ganttStep);
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
    // The report's charting library loads only when asked: it costs more than a small run.
    const html = flags.report
      ? (await import('./report.ts')).runReportWriter(flags.report, [
          flags.workload,
          flags.out,
          ...(global.plugin ?? []),
        ])
      : undefined;
    const { workload, settings } = await prepare({ ...flags, ...global });
    if (plan) {
      const spec = generatedSpec(await readWorkloadSpec(flags.workload), workload.name);
      const report = await runReplicated(flags.discipline, spec, settings, plan, flags.machine);
      if (flags.json) console.log(JSON.stringify(report, null, 2));
      else console.log(`${replicationLine(report)}\n${replicatedTable([report])}`);
      await html?.writeReplicated([report]);
      return;
    }
    const shown: Segment[] = [];
    const keep = gantt && inWindow(gantt);
    const run = {
      ...settings,
      out: flags.out,
      observers: [
        ...(keep ? [segmentRecorder((s) => keep(s) && shown.push(s))] : []),
        ...(html ? [html.observer(flags.discipline)] : []),
      ],
    };
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
    await html?.write([report]);
    if (flags.json) console.log(JSON.stringify(report, null, 2));
    else {
      console.log(workloadLine(report.workload));
      console.log(report.partitions ? partitionTable(report) : comparisonTable([report]));
      const counters = countersLine(report);
      if (counters) console.log(counters);
      if (gantt) console.log(renderGantt(shown, report.workload.processors, gantt));
      if (flags.out) console.log(`schedule written to ${flags.out}, counters to ${flags.out}.counters.json`);
    }
    failIfStalled([report]);
  });
}
