import { modelWorkload, writeModelWorkload } from '@js/workloads';
import type { Command } from 'commander';
import { jsonObject, positiveInteger, positiveNumber } from './values.ts';

interface GenerateFlags {
  model: string;
  jobs: number;
  load?: number;
  seed: string;
  options?: Record<string, unknown>;
  machine?: number;
  out: string;
  json?: boolean;
}

/**
 * `schedlab generate --model <name> [--jobs N] [--load ρ] [--seed S] [--options <json>] --out w.swf`:
 * any workload model of `@js/workloads` written as SWF with the package's writer. Same model,
 * options and seed give the same bytes.
 *
 * What SWF cannot say goes to the JSON-lines side file `<out>.traits.jsonl`, one line per job that
 * has any of it — `{"id":7,"minSize":1,"maxSize":64,"resources":{"r1":3.2},"traits":{"work":1234.5}}`:
 * processor ranges of moldable/malleable jobs, K-resource vectors, slowdown traits, and the
 * parameters of each job's execution-time function. Unused SWF fields carry only what SWF defines
 * for them (field 15: Lublin–Feitelson's job type; fields 17–18: a repeated run's preceding job and
 * think time). No side file is written when there is nothing to put in it.
 */
export function generateCommand(program: Command): void {
  program
    .command('generate')
    .description('write the jobs of a workload model (see `schedlab list`) as an SWF file')
    .requiredOption('--model <name>', 'workload model, e.g. lublin99, sevcik-94, k-resource')
    .option('-n, --jobs <n>', 'number of jobs', positiveInteger('jobs'), 10_000)
    .option(
      '--load <rho>',
      'offered load by the model’s own definition (default: the model’s own rate)',
      positiveNumber('load'),
    )
    .option('-s, --seed <seed>', 'seed: every random purpose draws from its own stream named under it', '1')
    .option('--options <json>', 'model options as JSON, e.g. \'{"workload":"WK2"}\'', jsonObject)
    .option(
      '-m, --machine <processors>',
      'machine size (the model’s processors option)',
      positiveInteger('machine'),
    )
    .requiredOption('-o, --out <file>', 'SWF file to write (.swf, or .swf.gz compressed)')
    .option('--json', 'print what was written as JSON')
    .action(async (flags: GenerateFlags) => {
      const workload = modelWorkload(flags.model, {
        options: flags.options,
        jobs: flags.jobs,
        load: flags.load,
        processors: flags.machine,
        seed: /^-?\d+$/.test(flags.seed) ? Number(flags.seed) : flags.seed,
      });
      const written = await writeModelWorkload(workload, { swf: flags.out });
      const summary = {
        model: workload.model.name,
        jobs: written.jobs,
        processors: workload.processors,
        offeredLoad: workload.offeredLoad,
        load: workload.model.load,
        seed: workload.seed,
        swf: flags.out,
        traits: written.traitsPath,
      };
      if (flags.json) {
        console.log(JSON.stringify(summary, null, 2));
        return;
      }
      console.log(
        `${summary.jobs} jobs of ${summary.model} on ${summary.processors} processors, offered load ` +
          `${summary.offeredLoad.toPrecision(4)}, seed ${summary.seed} → ${summary.swf}` +
          (summary.traits ? ` (extras in ${summary.traits})` : ''),
      );
    });
}
