import { ConfigError, parseOptions } from '@js/core';
import { replicateOptionsSchema } from '@js/metrics';
import type { Command } from 'commander';
import { anastasiadisSevcikWindows, type ReplicationPlan } from '../run/replicated.ts';
import { fraction, nonNegativeInteger, positiveInteger, positiveNumber } from './values.ts';

/** The flags of `--replicate` on `run` and `compare`. */
export interface ReplicationFlags {
  replicate?: boolean;
  statistic: string;
  confidence?: number;
  precision?: number;
  minReplications?: number;
  maxReplications?: number;
  warmUp?: number;
  measured?: number;
  saturationAfter?: number;
}

const windows = anastasiadisSevcikWindows;

/** `--replicate` and its settings: windows, saturation, the confidence target and its bounds. */
export function addReplicationOptions(command: Command): Command {
  return command
    .option(
      '--replicate',
      'replications to a confidence target: fresh jobs from seeds seed, seed+1, … until the confidence interval of --statistic is narrow enough (generated workloads only)',
    )
    .option('--statistic <path>', 'the run figure the confidence target is on', 'response.mean')
    .option(
      '--confidence <level>',
      'confidence level of the intervals (default 0.95)',
      fraction('confidence'),
    )
    .option(
      '--precision <fraction>',
      'stop when the interval’s half-width is at most this fraction of the mean (default 0.05)',
      positiveNumber('precision'),
    )
    .option('--min-replications <n>', 'fewest replications (default 2)', positiveInteger('min-replications'))
    .option(
      '--max-replications <n>',
      'most replications, whatever the interval (default 30)',
      positiveInteger('max-replications'),
    )
    .option(
      '--warm-up <jobs>',
      `jobs ignored at the start of each replication (default ${windows.warmUp})`,
      nonNegativeInteger('warm-up'),
    )
    .option(
      '--measured <jobs>',
      `jobs measured after the warm-up (default ${windows.measured})`,
      positiveInteger('measured'),
    )
    .option(
      '--saturation-after <jobs>',
      `a replication is saturated when this many further jobs arrive while a measured one is still in the system (default ${windows.saturationAfter})`,
      positiveInteger('saturation-after'),
    );
}

/**
 * The plan the flags describe, or undefined without `--replicate`. Flags that a replicated run
 * cannot honour are refused by name rather than ignored.
 */
export function replicationPlan(
  flags: ReplicationFlags & { stop?: string; out?: string; results?: string; partition?: unknown },
  explicit: (option: string) => boolean,
): ReplicationPlan | undefined {
  const settings = ['confidence', 'precision', 'minReplications', 'maxReplications', 'warmUp', 'measured'];
  if (!flags.replicate) {
    const stray = [...settings, 'saturationAfter', 'statistic'].find(explicit);
    if (stray) throw new ConfigError(`--${kebab(stray)} applies to replications: add --replicate`);
    return undefined;
  }
  const exclusive: [string, string][] = [
    ['stop', 'each replication ends by the saturation rule (--saturation-after)'],
    ['out', 'there is one schedule per replication; run one seed without --replicate to write it'],
    ['gantt', 'there is one schedule per replication; run one seed without --replicate to see it'],
    ['results', 'replicated runs are not kept yet'],
    ['partition', 'replicate one discipline at a time'],
  ];
  for (const [option, why] of exclusive)
    if (explicit(option)) throw new ConfigError(`--replicate and --${option} exclude each other: ${why}`);
  const target = parseOptions('replications', replicateOptionsSchema, {
    confidence: flags.confidence,
    targetRelativeHalfWidth: flags.precision,
    minReplications: flags.minReplications,
    maxReplications: flags.maxReplications,
  });
  return {
    statistic: flags.statistic,
    warmUp: flags.warmUp ?? windows.warmUp,
    measured: flags.measured ?? windows.measured,
    saturationAfter: flags.saturationAfter ?? windows.saturationAfter,
    target,
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
