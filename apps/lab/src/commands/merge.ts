import type { Command } from 'commander';
import { mergeResults } from '../sweep/merge.ts';
import { resultsFile } from '../sweep/results-log.ts';

export function mergeCommand(program: Command): void {
  program
    .command('merge')
    .description('join the results directories of a sweep’s shards into one, each cell once')
    .argument('<dirs...>', 'results directories of one sweep (each with its sweep.json)')
    .requiredOption('--out <dir>', 'the merged results directory')
    .action(async (dirs: string[], flags: { out: string }) => {
      const outcome = await mergeResults(dirs, flags.out);
      console.log(
        `merged ${dirs.length} directories: ${outcome.cells} cells in ${resultsFile(flags.out)}` +
          (outcome.stale ? `; left out ${outcome.stale} lines of cells no longer in the grid` : ''),
      );
    });
}
