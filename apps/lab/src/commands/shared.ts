import { ConfigError, OptionsError } from '@js/core';
import { defaultWorkload, openWorkload, type Workload } from '@js/workloads';
import { type Command, Option } from 'commander';
import { createRegistry } from '../registry/builtins.ts';
import type { RunSettings } from '../run/execute.ts';
import { terminalProgress } from '../run/progress.ts';

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
      integer,
    )
    .option(
      '-r, --resource <name=capacity>',
      'a named resource of the machine besides processors, e.g. memory=262144; repeatable',
      resource,
    )
    .option('-s, --seed <n>', 'run seed: every random draw comes from a stream named under it', '1')
    .option('--options <json>', 'discipline options as JSON, e.g. \'{"limit":4}\'', json)
    .option('--profile <name>', 'platform profile (operation costs)', 'ideal')
    .option('--exact-runtimes', 'let disciplines see true runtimes instead of user estimates')
    .option('--kill-at-estimate', 'kill jobs that run past their estimate')
    .option('--max-queued <n>', 'saturation rule: stop when more jobs than this wait', integer)
    .option('--max-time <seconds>', 'stop at this simulated time', Number)
    .option('--lenient', 'skip malformed SWF lines (reported) instead of stopping')
    .addOption(
      new Option(
        '--clean <rule=action...>',
        'override a cleaning rule, e.g. widerThanMachine=clip',
      ).argParser(collect),
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
  exactRuntimes?: boolean;
  killAtEstimate?: boolean;
  maxQueued?: number;
  maxTime?: number;
  lenient?: boolean;
  clean?: Record<string, string>;
  json?: boolean;
  plugin?: string[];
}

export async function prepare(
  flags: RunFlags,
): Promise<{ workload: Workload; settings: Omit<RunSettings, 'out'> }> {
  const registry = await createRegistry(flags.plugin ?? []);
  const seed = /^-?\d+$/.test(flags.seed) ? Number(flags.seed) : flags.seed;
  const workload = await openWorkload(flags.workload ?? defaultWorkload, {
    seed,
    machineProcessors: flags.machine,
    lenient: flags.lenient,
    cleaning: flags.clean,
  });
  return {
    workload,
    settings: {
      registry,
      seed,
      resources: flags.resource,
      options: flags.options,
      profile: flags.profile,
      knowledge: { runtimes: flags.exactRuntimes ? 'exact' : 'estimate' },
      killAtEstimate: flags.killAtEstimate,
      limits: { maxQueued: flags.maxQueued, maxTime: flags.maxTime },
      progress: flags.json ? undefined : terminalProgress(),
    },
  };
}

function integer(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new OptionsError('schedlab', [{ path: 'machine', message: 'expected a positive integer', value }]);
  return n;
}

function json(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new ConfigError(`--options is not valid JSON: ${(error as Error).message}`);
  }
}

function resource(
  value: string,
  previous: { name: string; capacity: number }[] = [],
): { name: string; capacity: number }[] {
  const [name, capacity] = value.split('=');
  if (!name || !(Number(capacity) > 0))
    throw new ConfigError(`--resource ${value}: expected name=capacity with a positive capacity`);
  return [...previous, { name, capacity: Number(capacity) }];
}

function collect(value: string, previous: Record<string, string> | undefined): Record<string, string> {
  const [rule, action] = value.split('=');
  if (!rule || !action) throw new ConfigError(`--clean ${value}: expected rule=action`);
  return { ...previous, [rule]: action };
}
