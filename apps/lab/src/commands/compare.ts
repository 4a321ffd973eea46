import { ConfigError, parseOptions, type Registry } from '@js/core';
import type { Command } from 'commander';
import {
  comparisonTable,
  countersLine,
  replicatedTable,
  replicationLine,
  workloadLine,
} from '../output/summary.ts';
import { type RunReport, runDiscipline } from '../run/execute.ts';
import { runIdentity } from '../run/identity.ts';
import { generatedSpec, type ReplicatedReport, runReplicated } from '../run/replicated.ts';
import { ResultStore } from '../run/results.ts';
import { failIfStalled } from '../run/stalled.ts';
import { addReplicationOptions, type ReplicationFlags, replicationPlan } from './replication.ts';
import { addRunOptions, prepare, type RunFlags, readWorkloadSpec } from './shared.ts';

interface CompareFlags extends RunFlags, ReplicationFlags {
  disciplines?: string;
  results?: string;
  report?: string;
}

export function compareCommand(program: Command): void {
  addReplicationOptions(
    addRunOptions(
      program
        .command('compare')
        .description('run several disciplines on identical jobs and show them side by side')
        .option('-d, --disciplines <names>', 'comma-separated disciplines (default: every registered one)')
        .option(
          '--results <dir>',
          'keep each finished run in <dir>; running again resumes, skipping runs already there',
        )
        .option(
          '--report <file>',
          'also write a self-contained HTML report of the runs (.html: charts, Gantt)',
        ),
    ),
  ).action(async (flags: CompareFlags, command: Command) => {
    const plan = replicationPlan(flags, (option) => command.getOptionValueSource(option) === 'cli');
    // The report's charting library loads only when asked: it costs more than a small run.
    const html = flags.report
      ? (await import('./report.ts')).runReportWriter(flags.report, [
          flags.workload,
          ...(program.opts().plugin ?? []),
        ])
      : undefined;
    const { workload, settings } = await prepare({ ...flags, ...program.opts() });
    const names = flags.disciplines
      ? flags.disciplines
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean)
      : settings.registry.disciplines().map((d) => d.definition.name);
    if (names.length === 0) throw new ConfigError(`--disciplines '${flags.disciplines}' names no discipline`);
    // Check every name, and each discipline's options, before spending time on any run.
    const optionsOf = optionsByDiscipline(flags.options, names, settings.registry);
    const settingsOf = (name: string) => ({ ...settings, options: optionsOf(name) });
    if (plan) {
      const spec = generatedSpec(await readWorkloadSpec(flags.workload), workload.name);
      const replicated: ReplicatedReport[] = [];
      for (const name of names)
        replicated.push(await runReplicated(name, spec, settingsOf(name), plan, flags.machine));
      if (flags.json) console.log(JSON.stringify(replicated, null, 2));
      else console.log(`${replicationLine(replicated[0]!)}\n${replicatedTable(replicated)}`);
      await html?.writeReplicated(replicated);
      return;
    }
    const store = flags.results ? new ResultStore(flags.results) : undefined;
    const reports: RunReport[] = [];
    // Each pass over the workload yields the same jobs (a trace re-read, a synthetic stream regenerated).
    const reused: string[] = [];
    const global = program.opts() as { plugin?: string[] };
    for (const name of names) {
      const identity = { ...runFlags(flags), options: optionsOf(name) };
      const path = store?.path(name, await runIdentity(name, identity, global.plugin));
      const kept = path ? await store!.load(path) : undefined;
      if (kept) reused.push(name);
      const observers = html ? [html.observer(name)] : [];
      const report = kept ?? (await runDiscipline(name, workload, { ...settingsOf(name), observers }));
      if (path && !kept) await store!.save(path, report);
      reports.push(report);
    }
    await html?.write(reports);
    const reuse = reused.length
      ? `reused from ${flags.results}, their inputs unchanged: ${reused.join(', ')}`
      : undefined;
    if (flags.json) {
      console.log(JSON.stringify(reports, null, 2));
      if (reuse) console.error(reuse);
    } else {
      console.log(workloadLine(reports[0]!.workload));
      console.log(comparisonTable(reports));
      for (const report of reports) {
        const counters = countersLine(report);
        if (counters) console.log(counters);
      }
      if (reuse) console.log(reuse);
    }
    failIfStalled(reports);
  });
}

/** The flags that shape a run: all but those of output, of the command, and of replications (never kept). */
function runFlags(flags: CompareFlags): Record<string, unknown> {
  const { json, results, disciplines, statistic, report, ...run } = flags;
  return run;
}

/**
 * `compare --options '{"easy": {…}, "sdf-max": {"cap": 2}}'`: options per discipline, keyed by
 * name (`run --options` takes one discipline's object itself). Every name must be one compared,
 * every entry valid for its discipline, before any run.
 */
function optionsByDiscipline(
  options: unknown,
  names: readonly string[],
  registry: Registry,
): (name: string) => Record<string, unknown> | undefined {
  const byName = (options ?? {}) as Record<string, unknown>;
  for (const name of names) registry.discipline(name);
  for (const [name, value] of Object.entries(byName)) {
    if (!names.includes(name))
      throw new ConfigError(
        `--options names '${name}', which is not compared; compare --options takes options per discipline, keyed by name, e.g. '{"${names[0]}": {…}}' (compared: ${names.join(', ')})`,
      );
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new ConfigError(
        `--options: the options of '${name}' must be a JSON object, got ${JSON.stringify(value)}`,
      );
    parseOptions(`discipline '${name}'`, registry.discipline(name).options, value);
  }
  return (name) => byName[name] as Record<string, unknown> | undefined;
}
