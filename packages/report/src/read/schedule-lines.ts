import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { InputError } from '@js/errors';
import type { RunData } from '../model.ts';
import { scheduleReader } from './schedule.ts';

/** How `run --out x.json` begins its file: then comes a job record a line, then the counters. */
const head = '{"jobs":[';

/**
 * Whether `path` is laid out as `run --out x.json` writes a schedule: `{"jobs":[` alone on the
 * first line, then a record a line (`,` before all but the first), then `],"counters":{…}}`.
 */
export async function isLineSchedule(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(head.length + 2);
    const { bytesRead } = await file.read(bytes, 0, bytes.length, 0);
    const start = bytes.subarray(0, bytesRead).toString('utf8');
    return start.startsWith(`${head}\n`) || start.startsWith(`${head}\r\n`);
  } finally {
    await file.close();
  }
}

/**
 * Read a schedule laid out as `run --out x.json` writes it a line at a time, so that a file
 * larger than a JavaScript string can hold (512 MB; a long gang history) is read too, and a
 * record is never held as text beyond its line. Errors name the line. A line that is not JSON by
 * itself is returned, not thrown, as its error: the file may only begin like a written schedule,
 * with records spread over several lines, and the caller then reads it whole.
 */
export async function readLineSchedule(path: string): Promise<RunData | SyntaxLine> {
  const reader = scheduleReader(path);
  const input = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  let run: RunData | undefined;
  try {
    for await (const text of lines) {
      line++;
      if (line === 1) continue; // the head, checked by isLineSchedule
      if (run !== undefined) {
        if (text.trim() === '') continue;
        throw new InputError(path, line, undefined, 'text after the schedule’s closing line');
      }
      if (text.startsWith(']')) {
        // `],"counters":{…}}`, or `]}` with no counters.
        const rest = text === ']}' ? {} : (parse(path, line, `{${text.slice(2)}`) as { counters?: unknown });
        run = reader.run(rest.counters, line);
        continue;
      }
      reader.record(parse(path, line, line > 2 && text.startsWith(',') ? text.slice(1) : text), line);
    }
  } catch (error) {
    if (error instanceof SyntaxLine) return error;
    throw error;
  } finally {
    // Left early (a bad line), the file would stay open until collected.
    input.destroy();
  }
  if (run === undefined)
    throw new InputError(
      path,
      line,
      undefined,
      'the schedule ends before its closing `],"counters":…}` line: cut short?',
    );
  return run;
}

/** A line of a schedule read a line at a time that is not JSON by itself. */
export class SyntaxLine extends InputError {}

function parse(path: string, line: number, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SyntaxLine(path, line, undefined, `not valid JSON: ${(error as Error).message}`);
  }
}
