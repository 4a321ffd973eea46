import { InputError } from '@js/errors';
import type * as z from 'zod';

/** Parse JSON text; a syntax error names the line it is on. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? lineAt(text, Number(position[1])) : undefined;
    throw new InputError(source, line, undefined, `not valid JSON: ${message}`);
  }
}

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Check `value` against `schema`; the first issue becomes a located error, its field the path
 * from `at` (`jobs[3]`) down to the value that failed.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  source: string,
  at = '',
  line?: number,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.reduce<string>(
    (path, key) =>
      typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${String(key)}` : String(key),
    at,
  );
  throw new InputError(source, line, field || undefined, issue.message);
}
