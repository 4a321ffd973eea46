import { ConfigError, type NumberRule, OptionsError, readNumber } from '@js/core';
import type { PartitionFlag } from '../run/partitions.ts';

/**
 * Parsers for option values on the command line, shared by every command so that a bad value
 * always gets the same kind of error: which option, what was given, what is allowed.
 */
/** An option's number by the one strict parser (`readNumber`): a coded error naming the option. */
const numberOption =
  (rule: NumberRule, expected: string) =>
  (option: string) =>
  (value: string): number => {
    const read = readNumber(value, rule);
    if (!read.ok)
      throw new OptionsError('schedlab', [
        { path: option, message: `expected ${expected}: ${read.problem}`, value },
      ]);
    return read.value;
  };

export const positiveInteger = numberOption({ integer: true, min: 1 }, 'a positive integer');
export const positiveNumber = numberOption({ above: 0 }, 'a positive number');
export const nonNegativeInteger = numberOption({ integer: true, min: 0 }, 'an integer ≥ 0');
export const nonNegativeNumber = numberOption({ min: 0 }, 'a number ≥ 0');
/** A number strictly between 0 and 1 (a confidence level). */
export const fraction = numberOption({ above: 0, below: 1 }, 'a number between 0 and 1');

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
  const [name, capacity, ...rest] = value.split('=');
  const read = readNumber(capacity ?? '', { above: 0 });
  if (!name || rest.length > 0 || !read.ok)
    throw new ConfigError(
      `--resource ${value}: expected name=capacity with a positive capacity${name && !read.ok ? ` (${read.problem})` : ''}`,
    );
  return [...previous, { name, capacity: read.value }];
}

/**
 * A run seed as `--seed` gives it: an exact integer is a number, anything else (a name, or an
 * integer too large to be exact) is used as a string, so no two seeds given collapse into one.
 */
export function seedOf(text: string): number | string {
  const read = readNumber(text, { integer: true });
  return read.ok && /^-?\d+$/.test(text) ? read.value : text;
}
