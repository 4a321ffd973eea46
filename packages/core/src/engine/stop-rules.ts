import { ConfigError } from '../errors/errors.ts';
import { readNumber } from '../options/numbers.ts';
import type { RunStatus } from './observer.ts';

/** A stop rule as `schedlab list` shows it. */
export interface StopRuleInfo {
  readonly name: string;
  readonly syntax: string;
  readonly summary: string;
  readonly source: string;
}

/** The stop rules a run may name (`--stop`), besides the run bounds. */
export const stopRules: readonly StopRuleInfo[] = [
  {
    name: 'all-left',
    syntax: 'all-left',
    summary: 'end when every job of the workload has left, whatever timers remain (the default)',
    source: 'Zhou et al. 1999; Zeng & Sodan; Leinberger et al. 1999',
  },
  {
    name: 'tagged-left',
    syntax: 'tagged-left:N',
    summary: 'tag the first N jobs to arrive; end when all of them have left (arrivals go on meanwhile)',
    source: 'Parsons & Sevcik 1997, §6 (N = 200)',
  },
  {
    name: 'saturation',
    syntax: 'saturation:M,K',
    summary:
      'measure the first M jobs; end when all have left, or as saturated when job M+K arrives while one of them is still in the system',
    source: 'Anastasiadis & Sevcik 1997, §6 (M = 20 000, K = 10 000)',
  },
];

/** A run's stop rule, fed with arrivals and departures by arrival index. */
export interface StopRule {
  readonly text: string;
  /** Jobs whose figures count (arrival index below this), or Infinity: then the rule never ends a run. */
  readonly measured: number;
  /** Note the arrival with this index; a status when it ends the run (saturation), else undefined. */
  arrived(arrival: number): RunStatus | undefined;
  /** Note the departure of the job with this arrival index; a status when it ends the run, else undefined. */
  left(arrival: number): RunStatus | undefined;
}

const count = (text: string, value: string | undefined, what: string): number => {
  const read = readNumber(value ?? '', { integer: true, min: 1 });
  if (!read.ok) {
    throw new ConfigError(`stop rule '${text}': ${what} must be a positive integer, got '${value ?? ''}'`);
  }
  return read.value;
};

/** Parse `all-left`, `tagged-left:N` or `saturation:M,K`. */
export function parseStopRule(text: string): StopRule {
  const [name, args = ''] = text.split(':', 2) as [string, string?];
  if (name === 'all-left' && args === '') {
    return { text, measured: Number.POSITIVE_INFINITY, arrived: () => undefined, left: () => undefined };
  }
  if (name === 'tagged-left' || name === 'saturation') {
    const parts = args.split(',');
    const measured = count(text, parts[0], 'the number of jobs');
    const slack = name === 'saturation' ? count(text, parts[1], 'the number of further arrivals') : 0;
    if (parts.length !== (name === 'saturation' ? 2 : 1)) {
      throw new ConfigError(
        `stop rule '${text}': expected ${stopRules.find((r) => r.name === name)!.syntax}`,
      );
    }
    let left = 0;
    return {
      text,
      measured,
      arrived: (arrival) =>
        name === 'saturation' && arrival + 1 >= measured + slack && left < measured ? 'saturated' : undefined,
      left: (arrival) => {
        if (arrival < measured) left++;
        return left === measured ? 'stopped' : undefined;
      },
    };
  }
  throw new ConfigError(`unknown stop rule '${text}'; known: ${stopRules.map((r) => r.syntax).join(', ')}`);
}
