import type * as z from 'zod';
import { OptionsError } from '../errors/errors.ts';

/**
 * Validate `input` against an options schema (defaults applied). Failure is an
 * {@link OptionsError} naming the owner, each bad option path, the value and what is allowed.
 */
export function parseOptions<S extends z.ZodType>(owner: string, schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new OptionsError(
    owner,
    result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
      value: valueAt(input, issue.path),
    })),
  );
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
