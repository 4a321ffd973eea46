import type { Command } from 'commander';
import { readManifest } from '../sweep/manifest.ts';
import { readResults } from '../sweep/results-log.ts';
import { summarize, summaryTables, writeSummary } from '../sweep/summary.ts';

export function summarizeCommand(program: Command): void {
  program
    .command('summarize')
    .description(
      'a sweep’s figures per discipline and load: mean and 95 % confidence half-width over seeds; writes summary.csv and summary.json',
    )
    .argument('<dir>', 'a sweep’s results directory (with sweep.json and results.jsonl)')
    .action(async (dir: string) => {
      const manifest = await readManifest(dir);
      const summary = summarize(
        manifest,
        readResults(dir).results.map((r) => r.result),
      );
      await writeSummary(dir, summary);
      console.log(summaryTables(summary));
      if (summary.missingCells > 0)
        console.log(
          `${summary.missingCells} of ${manifest.cells.length} cells have no result yet (resume the sweep)`,
        );
      console.log(`written: ${dir}/summary.csv, ${dir}/summary.json`);
    });
}
