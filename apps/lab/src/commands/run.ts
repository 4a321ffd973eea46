import type { Command } from 'commander';
import { comparisonTable, workloadLine } from '../output/summary.ts';
import { runDiscipline } from '../run/execute.ts';
import { addRunOptions, prepare, type RunFlags } from './shared.ts';

export function runCommand(program: Command): void {
  addRunOptions(
    program
      .command('run')
      .description('run one discipline on one workload and print its figures')
      .option('-d, --discipline <name>', 'discipline to run (see `schedlab list`)', 'easy')
      .option(
        '-o, --out <file>',
        'write the per-job schedule: .swf (simulated wait in field 3), .json or .csv',
      ),
  ).action(async (flags: RunFlags & { discipline: string; out?: string }) => {
    const { workload, settings } = await prepare({ ...flags, ...program.opts() });
    const report = await runDiscipline(flags.discipline, workload, { ...settings, out: flags.out });
    if (flags.json) {
      console.log(JSON.stringify(report, null, 2));
      return;
    }
    console.log(workloadLine(report.workload));
    console.log(comparisonTable([report]));
    if (flags.out) console.log(`schedule written to ${flags.out}`);
  });
}
