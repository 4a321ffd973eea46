import { ConfigError, OptionsError } from '@js/core';
import type { PartitionFlag } from '../run/partitions.ts';

/**
 * Parsers for option values on the command line, shared by every command so that a bad value
 * always gets the same kind of error: which option, what was given, what is allowed.
 */
export const positiveInteger =
  (option: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1)
      throw new OptionsError('schedlab', [{ path: option, message: 'expected a positive integer', value }]);
    return n;
  };

export const positiveNumber =
  (option: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!(n > 0) || !Number.isFinite(n))
      throw new OptionsError('schedlab', [{ path: option, message: 'expected a positive number', value }]);
    return n;
  };

/** A JSON object given as the value of `flag`. */
export const jsonObjectOf =
  (flag: string) =>
  (value: string): Record<string, unknown> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      throw new ConfigError(`${flag} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError(`${flag} must be a JSON object, got ${value}`);
    }
    return parsed as Record<string, unknown>;
  };

/** `--options '<json>'`: a JSON object. */
export const jsonObject = jsonObjectOf('--options');

/** `--partition NAME=DISCIPLINE:FIRST-LAST`, repeatable; processors are 0-based, inclusive. */
export function partition(value: string, previous: PartitionFlag[] = []): PartitionFlag[] {
  const match = /^([^=:\s]+)=([^:\s]+):(\d+)-(\d+)$/.exec(value.trim());
  if (!match) {
    throw new ConfigError(
      `--partition ${value}: expected NAME=DISCIPLINE:FIRST-LAST, e.g. small=easy:0-31 (processors 0-based, inclusive)`,
    );
  }
  const [, name, discipline, first, last] = match as unknown as [string, string, string, string, string];
  return [...previous, { name, discipline, first: Number(first), last: Number(last) }];
}

/** A repeatable `name=value` option, collected into a record. */
export function keyValue(
  flag: string,
): (value: string, previous?: Record<string, string>) => Record<string, string> {
  return (value, previous) => {
    const [key, v] = value.split('=');
    if (!key || !v) throw new ConfigError(`${flag} ${value}: expected name=value`);
    return { ...previous, [key]: v };
  };
}

/** `--resource name=capacity`, repeatable. */
export function resource(
  value: string,
  previous: { name: string; capacity: number }[] = [],
): { name: string; capacity: number }[] {
  const [name, capacity] = value.split('=');
  if (!name || !(Number(capacity) > 0))
    throw new ConfigError(`--resource ${value}: expected name=capacity with a positive capacity`);
  return [...previous, { name, capacity: Number(capacity) }];
}
