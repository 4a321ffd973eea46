import { relative } from 'node:path';
import type { Command } from 'commander';
import { builtinPlugins } from '../registry/builtins.ts';
import { scaffoldPlugin } from '../scaffold/scaffold.ts';

interface NewPluginFlags {
  dir?: string;
  discipline?: string;
}

/**
 * `schedlab new-plugin NAME [--dir DIR] [--discipline D]`: a ready discipline-plugin package — a
 * small working policy (FCFS with first-fit backfilling and a starvation bound), the invariant
 * property of `@js/core/testing` wired into vitest, tsup, changesets, a README — whose tests pass
 * as written. NAME must be a valid npm package name; the folder must be new or empty; files
 * appear all at once or not at all.
 */
export function newPluginCommand(program: Command): void {
  program
    .command('new-plugin')
    .description(
      'write a ready discipline-plugin package (tsup, vitest with the invariant property, changesets)',
    )
    .argument('<name>', 'npm package name, e.g. schedlab-fifo or @you/schedlab-fifo')
    .option('--dir <dir>', 'folder to write (default: NAME without its scope); must be new or empty')
    .option('--discipline <name>', 'registry name of its discipline (default: NAME without its scope)')
    .action(async (name: string, flags: NewPluginFlags) => {
      const taken = builtinPlugins.flatMap((p) => p.disciplines.map((d) => d.name));
      const made = await scaffoldPlugin({
        packageName: name,
        dir: flags.dir,
        discipline: flags.discipline,
        taken,
      });
      const where = relative(process.cwd(), made.dir) || '.';
      process.stdout.write(
        [
          `wrote ${made.packageName} (discipline '${made.discipline}') in ${where}:`,
          ...made.files.map((f) => `  ${f}`),
          '',
          'next:',
          `  cd ${where} && npm install && npm run build && npm test`,
          `  schedlab --plugin ${made.packageName} compare -d easy,${made.discipline}   (once installed beside schedlab)`,
          '',
        ].join('\n'),
      );
    });
}
