import type { Command } from 'commander';
import { comparisonTable, workloadLine } from '../output/summary.ts';
import { type RunReport, runDiscipline } from '../run/execute.ts';
import { addRunOptions, prepare, type RunFlags } from './shared.ts';

export function compareCommand(program: Command): void {
  addRunOptions(
    program
      .command('compare')
      .description('run several disciplines on identical jobs and show them side by side')
      .option('-d, --disciplines <names>', 'comma-separated disciplines (default: every registered one)'),
  ).action(async (flags: RunFlags & { disciplines?: string }) => {
    const { workload, settings } = await prepare({ ...flags, ...program.opts() });
    const names = flags.disciplines
      ? flags.disciplines
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean)
      : settings.registry.disciplines().map((d) => d.definition.name);
    // Check every name before spending time on any run.
    for (const name of names) settings.registry.discipline(name);
    const reports: RunReport[] = [];
    // Each pass over the workload yields the same jobs (a trace re-read, a synthetic stream regenerated).
    for (const name of names) reports.push(await runDiscipline(name, workload, settings));
    if (flags.json) {
      console.log(JSON.stringify(reports, null, 2));
      return;
    }
    console.log(workloadLine(reports[0]!.workload));
    console.log(comparisonTable(reports));
  });
}
