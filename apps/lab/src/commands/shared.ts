import { readFile } from 'node:fs/promises';
import { InputError, parseOptions } from '@js/core';
import {
  defaultWorkload,
  openWorkload,
  type Workload,
  type WorkloadSpec,
  workloadSpecSchema,
} from '@js/workloads';
import { type Command, Option } from 'commander';
import { createRegistry } from '../registry/builtins.ts';
import { type RunSettings, resolveSettings } from '../run/execute.ts';
import { terminalProgress } from '../run/progress.ts';
import {
  jsonObject,
  jsonObjectOf,
  keyValue,
  positiveInteger,
  positiveNumber,
  resource,
  seedOf,
} from './values.ts';

/** What a run lets disciplines know of each job, besides runtimes (`--knowledge`). */
const knowledgeCases = ['none', 'demand', 'speedup', 'both'] as const;

/** Options shared by `run` and `compare`. */
export function addRunOptions(command: Command): Command {
  return command
    .option(
      '-w, --workload <file>',
      'an SWF trace (.swf, .swf.gz) or a JSON workload spec; default: a built-in synthetic workload',
    )
    .option(
      '-m, --machine <processors>',
      'machine size in processors (default: the trace header’s MaxProcs, or the spec’s)',
      positiveInteger('machine'),
    )
    .option(
      '-r, --resource <name=capacity>',
      'a named resource of the machine besides processors, e.g. memory=262144; repeatable',
      resource,
    )
    .option('-s, --seed <n>', 'run seed: every random draw comes from a stream named under it', '1')
    .option(
      '--options <json>',
      'discipline options as JSON: for run the discipline\'s, e.g. \'{"maxWait":3600}\'; for compare per discipline, keyed by name, e.g. \'{"sdf-max":{"cap":2}}\'',
      jsonObject,
    )
    .option(
      '--profile <name>',
      'platform profile: operation costs and timing rules (see `schedlab list`)',
      'ideal',
    )
    .option('--contention <name>', 'contention model: how co-located jobs slow each other', 'none')
    .option('--stop <rule>', 'stop rule: all-left, tagged-left:N or saturation:M,K', 'all-left')
    .option(
      '--placement <json>',
      'placement rules as JSON, e.g. \'{"maxJobsPerNode":1,"oneProcessPerCpu":true}\'',
      jsonObjectOf('--placement'),
    )
    .option('--exact-runtimes', 'let disciplines see true runtimes instead of user estimates')
    .addOption(
      new Option(
        '--knowledge <case>',
        'what disciplines may know of each job (Parsons & Sevcik’s four cases): its service demand T(1) (and demand traits), its speedup T(1)/T(p) (and speedup traits), or both (then also its execution time T(p))',
      )
        .choices(knowledgeCases)
        .default('none'),
    )
    .option('--kill-at-estimate', 'kill jobs that run past their estimate')
    .option(
      '--max-queued <n>',
      'saturation rule: stop when more jobs than this wait',
      positiveInteger('max-queued'),
    )
    .option('--max-time <seconds>', 'stop at this simulated time', positiveNumber('max-time'))
    .option('--lenient', 'skip malformed SWF lines (reported) instead of stopping')
    .option(
      '--clean <rule=action>',
      'override a cleaning rule, e.g. widerThanMachine=clip; repeatable',
      keyValue('--clean'),
    )
    .option('--json', 'print the results as JSON');
}

export interface RunFlags {
  workload?: string;
  machine?: number;
  resource?: { name: string; capacity: number }[];
  seed: string;
  options?: unknown;
  profile: string;
  contention: string;
  stop: string;
  placement?: Record<string, unknown>;
  exactRuntimes?: boolean;
  knowledge: (typeof knowledgeCases)[number];
  killAtEstimate?: boolean;
  maxQueued?: number;
  maxTime?: number;
  lenient?: boolean;
  clean?: Record<string, string>;
  json?: boolean;
  plugin?: string[];
}

/**
 * The registry, the workload and the run settings the flags describe. Every name and value that
 * does not depend on the workload (profile, contention model, stop rule, placement rules, route)
 * is checked before the workload is opened, so a typo fails at once with its coded error.
 */
export async function prepare(
  flags: RunFlags & { route?: string },
): Promise<{ workload: Workload; settings: Omit<RunSettings, 'out'> }> {
  const registry = await createRegistry(flags.plugin ?? []);
  const seed = seedOf(flags.seed);
  const settings: Omit<RunSettings, 'out'> = {
    registry,
    seed,
    resources: flags.resource,
    options: flags.options,
    profile: flags.profile,
    contention: flags.contention,
    stop: flags.stop,
    placement: flags.placement,
    route: flags.route as RunSettings['route'],
    knowledge: {
      runtimes: flags.exactRuntimes ? 'exact' : 'estimate',
      demand: flags.knowledge === 'demand' || flags.knowledge === 'both',
      speedup: flags.knowledge === 'speedup' || flags.knowledge === 'both',
    },
    killAtEstimate: flags.killAtEstimate,
    limits: { maxQueued: flags.maxQueued, maxTime: flags.maxTime },
    progress: flags.json ? undefined : terminalProgress(),
  };
  resolveSettings(settings);
  const workload = await openWorkload(flags.workload ?? defaultWorkload, {
    seed,
    machineProcessors: flags.machine,
    lenient: flags.lenient,
    cleaning: flags.clean,
  });
  return { workload, settings };
}

/** The spec of `-w` (the built-in default without it); `prepare` has already validated the file. */
export async function readWorkloadSpec(path: string | undefined): Promise<WorkloadSpec> {
  if (path === undefined) return defaultWorkload;
  if (!path.toLowerCase().endsWith('.json')) return { kind: 'swf', path };
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new InputError(
      path,
      undefined,
      undefined,
      `cannot read the workload spec: ${(error as Error).message}`,
    );
  }
  return parseOptions(`workload spec ${path}`, workloadSpecSchema, json);
}
