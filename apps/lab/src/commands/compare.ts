import type { Command } from 'commander';
import { comparisonTable, workloadLine } from '../output/summary.ts';
import { type RunReport, runDiscipline } from '../run/execute.ts';
import { ResultStore } from '../run/results.ts';
import { failIfStalled } from '../run/stalled.ts';
import { addRunOptions, prepare, type RunFlags } from './shared.ts';

export function compareCommand(program: Command): void {
  addRunOptions(
    program
      .command('compare')
      .description('run several disciplines on identical jobs and show them side by side')
      .option('-d, --disciplines <names>', 'comma-separated disciplines (default: every registered one)')
      .option(
        '--results <dir>',
        'keep each finished run in <dir>; running again resumes, skipping runs already there',
      ),
  ).action(async (flags: RunFlags & { disciplines?: string; results?: string }) => {
    const { workload, settings } = await prepare({ ...flags, ...program.opts() });
    const names = flags.disciplines
      ? flags.disciplines
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean)
      : settings.registry.disciplines().map((d) => d.definition.name);
    // Check every name before spending time on any run.
    for (const name of names) settings.registry.discipline(name);
    const store = flags.results ? new ResultStore(flags.results) : undefined;
    const reports: RunReport[] = [];
    // Each pass over the workload yields the same jobs (a trace re-read, a synthetic stream regenerated).
    for (const name of names) {
      const path = store?.path(name, runIdentity(name, { ...flags, ...program.opts() }));
      const kept = path ? await store!.load(path) : undefined;
      const report = kept ?? (await runDiscipline(name, workload, settings));
      if (path && !kept) await store!.save(path, report);
      reports.push(report);
    }
    if (flags.json) console.log(JSON.stringify(reports, null, 2));
    else {
      console.log(workloadLine(reports[0]!.workload));
      console.log(comparisonTable(reports));
    }
    failIfStalled(reports);
  });
}

/** What determines a run's figures: the discipline and every flag except those that only shape output. */
function runIdentity(discipline: string, flags: Record<string, unknown>): Record<string, unknown> {
  const { json, results, disciplines, debug, ...run } = flags;
  // Options at their defaults are left out, so runs kept before an option existed still match.
  if (run.contention === 'none') delete run.contention;
  if (run.stop === 'all-left') delete run.stop;
  return { ...run, discipline };
}
