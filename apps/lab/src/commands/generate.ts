import { rm } from 'node:fs/promises';
import { modelWorkload, writeModelWorkload } from '@js/workloads';
import type { Command } from 'commander';
import { atomicStream } from '../output/atomic.ts';
import { checkOutputPath } from '../output/paths.ts';
import { jsonObject, positiveInteger, positiveNumber, seedOf } from './values.ts';

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
 * think time). No side file is written when there is nothing to put in it (one left by an earlier
 * run at that path is removed, as it would describe other jobs).
 *
 * Both files are streamed to temporary files beside their targets and renamed into place only when
 * complete: a failed or interrupted run leaves what was there before. The path is checked (ending,
 * directory) before any job is drawn.
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
      const traitsPath = `${flags.out}.traits.jsonl`;
      checkOutputPath(flags.out, { option: '--out', formats: ['.swf', '.swf.gz'], sideFiles: [traitsPath] });
      const workload = modelWorkload(flags.model, {
        options: flags.options,
        jobs: flags.jobs,
        load: flags.load,
        processors: flags.machine,
        seed: seedOf(flags.seed),
      });
      const swf = atomicStream(flags.out);
      const traits = atomicStream(traitsPath, { gzip: false });
      let written: Awaited<ReturnType<typeof writeModelWorkload>>;
      try {
        written = await writeModelWorkload(workload, { swf: swf.stream, traits: traits.stream });
        await swf.commit();
        if (written.traitLines > 0) await traits.commit();
        else {
          await traits.abort();
          await rm(traitsPath, { force: true });
        }
      } catch (error) {
        await swf.abort();
        await traits.abort();
        throw error;
      }
      const summary = {
        model: workload.model.name,
        jobs: written.jobs,
        processors: workload.processors,
        offeredLoad: workload.offeredLoad,
        load: workload.model.load,
        seed: workload.seed,
        swf: flags.out,
        traits: written.traitLines > 0 ? traitsPath : undefined,
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
