import { ConfigError } from '@js/core';
import { openWorkload } from '@js/workloads';
import type { Command } from 'commander';
import { formatNumber, renderTable } from '../output/table.ts';
import { type Calibration, calibrate, type Probe, type Seed } from '../run/calibrate.ts';
import { runDiscipline } from '../run/execute.ts';
import { addRunOptions, prepare, type RunFlags, readWorkloadSpec } from './shared.ts';
import { nonNegativeNumber, positiveInteger, positiveNumber, seedOf } from './values.ts';

interface CalibrateFlags extends RunFlags {
  discipline: string;
  statistic: string;
  target: number;
  seeds?: Seed[];
  tolerance?: number;
  low?: number;
  high?: number;
  maxRuns?: number;
}

/** Runs of a calibration end as saturated (above any target) when more jobs than this wait. */
const DEFAULT_MAX_QUEUED = 10_000;

/**
 * `schedlab calibrate --discipline easy --statistic meanQueueLength --target 128 -w spec.json
 * --seeds 1,2,3`: the offered load at which the discipline's mean of the statistic over the seeds
 * reaches the target (Leinberger et al. 1999 §3.1), by bisection on the workload's `load`. Only
 * generated workloads (model or synthetic specs) have a load to vary; a trace's arrivals are fixed.
 */
export function calibrateCommand(program: Command): void {
  addRunOptions(
    program
      .command('calibrate')
      .description(
        'find the offered load at which a discipline reaches a target value of a run figure (e.g. mean queue length)',
      )
      .option('-d, --discipline <name>', 'discipline to calibrate on (see `schedlab list`)', 'easy')
      .option(
        '--statistic <path>',
        'the run figure, by its path in the run summary: meanQueueLength, response.mean, utilisation.processors, …',
        'meanQueueLength',
      )
      .requiredOption(
        '--target <value>',
        'the value wanted for the statistic’s mean over the seeds',
        positiveNumber('target'),
      )
      .option(
        '--seeds <list>',
        'comma-separated seeds, one run each per probed load (instead of --seed)',
        seedList,
      )
      .option(
        '--tolerance <fraction>',
        'done when |statistic − target| ≤ fraction × target (default 0.02)',
        positiveNumber('tolerance'),
      )
      .option(
        '--low <load>',
        'a load known to be at or below the target (default 0)',
        nonNegativeNumber('low'),
      )
      .option(
        '--high <load>',
        'the first load probed, doubled until the target is exceeded (default 1)',
        positiveNumber('high'),
      )
      .option('--max-runs <n>', 'most runs in all (default 30 probes × seeds)', positiveInteger('max-runs'))
      .addHelpText(
        'after',
        `\nThe workload must be a model or synthetic spec (-w spec.json, or the built-in default): its load is
varied, a trace's arrivals are fixed. A run with more than --max-queued jobs waiting (default
${DEFAULT_MAX_QUEUED}) ends as saturated and counts as above the target.`,
      ),
  ).action(async (flags: CalibrateFlags, command: Command) => {
    if (flags.seeds && command.getOptionValueSource('seed') === 'cli')
      throw new ConfigError('--seed and --seeds exclude each other: --seeds lists every seed');
    // Every name and value is checked, and the workload opened, as `run` does it.
    const { workload, settings } = await prepare({ ...flags, ...program.opts(), json: true });
    settings.registry.discipline(flags.discipline);
    if (workload.kind === 'swf') {
      throw new ConfigError(
        `workload ${workload.name} is a trace: its arrivals are fixed, so it has no load to calibrate; give a model or synthetic workload spec (.json)`,
      );
    }
    const spec = await readWorkloadSpec(flags.workload);
    if (spec.kind === 'swf')
      throw new ConfigError(`workload spec ${flags.workload}: a trace has no load to calibrate`);
    const seeds = flags.seeds ?? [settings.seed];
    const calibration = await calibrate({
      statistic: flags.statistic,
      target: flags.target,
      seeds,
      tolerance: flags.tolerance,
      low: flags.low,
      high: flags.high,
      maxRuns: flags.maxRuns,
      run: async (load, seed) => {
        const at = await openWorkload({ ...spec, load }, { seed, machineProcessors: flags.machine });
        const report = await runDiscipline(flags.discipline, at, {
          ...settings,
          seed,
          progress: undefined,
          limits: { ...settings.limits, maxQueued: flags.maxQueued ?? DEFAULT_MAX_QUEUED },
        });
        return report.summary;
      },
      probed:
        flags.json || !process.stderr.isTTY ? undefined : (p) => console.error(probeLine(flags.statistic, p)),
    });
    const result = { discipline: flags.discipline, workload: workload.name, seeds, ...calibration };
    if (flags.json) console.log(JSON.stringify(result, null, 2));
    else console.log(calibrationText(flags.discipline, workload.name, seeds, calibration));
  });
}

function calibrationText(
  discipline: string,
  workload: string,
  seeds: readonly Seed[],
  c: Calibration,
): string {
  const margin = c.tolerance * c.target;
  const side = (p: Probe) =>
    p.overloaded
      ? 'overloaded'
      : Math.abs(p.value - c.target) <= margin
        ? 'within'
        : p.value > c.target
          ? 'above'
          : 'below';
  const lines = [
    `calibrating ${discipline} on ${workload}: ${c.statistic} = ${formatNumber(c.target)} ± ${formatNumber(100 * c.tolerance)} %, seeds ${seeds.join(',')}`,
    renderTable(
      ['probe', 'load', c.statistic, 'vs target'],
      c.probes.map((p, i) => [i + 1, p.load, p.value, side(p)]),
    ),
    `load ${c.load}: ${c.statistic} ${formatNumber(c.value)} (target ${formatNumber(c.target)}) after ${c.runs} runs`,
  ];
  if (!c.withinTolerance)
    lines.push(
      c.stop === 'bracket'
        ? `not within tolerance: ${c.statistic} jumps across the target near load ${c.load}; this is the closest completed probe`
        : 'not within tolerance: the run budget (--max-runs) was spent; this is the closest completed probe',
    );
  if (!c.monotone) lines.push(`note: ${c.statistic} was not monotone in the load over these probes`);
  return lines.join('\n');
}

const probeLine = (statistic: string, p: Probe): string =>
  `load ${formatNumber(p.load)}: ${statistic} ${p.overloaded ? 'overloaded' : formatNumber(p.value)}`;

/** `--seeds 1,2,3`: seeds as `--seed` takes them (integers as numbers, other names as strings). */
function seedList(value: string): Seed[] {
  const seeds = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (seeds.length === 0)
    throw new ConfigError(`--seeds ${value}: expected a comma-separated list, e.g. 1,2,3`);
  return seeds.map(seedOf);
}
