import { existsSync, type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '@js/errors';
import type { ReplicatedData, ReportData, ReproductionData, RunData, SweepData } from '../model.ts';
import { parseJson, validate } from './json.ts';
import { isReplicated, replicatedFromReport } from './replicated.ts';
import { reproductionFromCsv } from './reproduction.ts';
import { runFromReport, runReportSchema } from './run-report.ts';
import { isSchedule, runFromSchedule } from './schedule.ts';
import { isLineSchedule, readLineSchedule, SyntaxLine } from './schedule-lines.ts';
import { isSweepSummary, sweepFromSummary } from './sweep.ts';

/**
 * Read every input into one report, in the order given. What an input is comes from its content:
 * a schedule (`run --out x.json`), a run or several (`run --json`, `compare --json`), a sweep
 * directory or its `summary.json`, a reproduction (`reproduce <paper> -o PREFIX`: PREFIX.csv, or
 * PREFIX.json beside it, which also brings the paper's findings in words), replicated runs
 * (`run/compare --replicate --json`).
 */
export async function readInputs(paths: readonly string[]): Promise<ReportData> {
  const runs: RunData[] = [];
  const sweeps: SweepData[] = [];
  const reproductions: ReproductionData[] = [];
  const replicated: ReplicatedData[] = [];
  for (const path of paths) {
    const input = await readInput(path);
    if ('runs' in input) runs.push(...input.runs);
    else if ('replicated' in input) replicated.push(...input.replicated);
    else if ('rows' in input) sweeps.push(input);
    else reproductions.push(input);
  }
  return { runs, sweeps, reproductions, replicated };
}

type Input = { runs: RunData[] } | { replicated: ReplicatedData[] } | SweepData | ReproductionData;

async function readInput(path: string): Promise<Input> {
  const stats = statOrThrow(path);
  if (stats.isDirectory()) return readSweepDirectory(path);
  const lower = path.toLowerCase();
  if (lower.endsWith('.csv')) return reproductionFromCsv(await readFile(path, 'utf8'), path);
  if (lower.endsWith('.jsonl'))
    throw new InputError(
      path,
      undefined,
      undefined,
      'a sweep’s results.jsonl: give the sweep directory, after `schedlab summarize DIR`',
    );
  if (!lower.endsWith('.json'))
    throw new InputError(
      path,
      undefined,
      undefined,
      'unknown input: give a .json (run --out, run/compare --json, summary.json, reproduce -o), a reproduction .csv or a sweep directory',
    );
  // A schedule as `run --out` writes it is read a line at a time, whatever its size; one that
  // only begins like it (records over several lines) is read whole after all.
  let lineError: InputError | undefined;
  if (await isLineSchedule(path)) {
    const read = await readLineSchedule(path);
    if (!(read instanceof SyntaxLine)) return { runs: [read] };
    lineError = read;
  }
  const value = parseJson(await readWhole(path, lineError), path);
  if (isSchedule(value)) return { runs: [runFromSchedule(value, path)] };
  if (isSweepSummary(value)) return sweepFromSummary(value, path);
  if (isReproduction(value)) {
    const csv = path.replace(/\.json$/i, '.csv');
    if (!existsSync(csv))
      throw new InputError(
        path,
        undefined,
        'paper',
        `a reproduction; its table ${csv} (written beside it by reproduce -o) is missing`,
      );
    const { paper, paperFindings } = value as { paper: string; paperFindings?: unknown };
    const reproduction = reproductionFromCsv(await readFile(csv, 'utf8'), csv, paper);
    return findingsOf(paperFindings, path)
      ? { ...reproduction, findings: paperFindings as string[] }
      : reproduction;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) throw new InputError(path, undefined, undefined, 'an empty list of runs');
    if (isReplicated(value[0]))
      return { replicated: value.map((r, i) => replicatedFromReport(r, path, `[${i}]`)) };
    return { runs: value.map((r, i) => runFromReport(validate(runReportSchema, r, path, `[${i}]`), path)) };
  }
  if (typeof value === 'object' && value !== null && 'summary' in value)
    return { runs: [runFromReport(validate(runReportSchema, value, path), path)] };
  if (isReplicated(value)) return { replicated: [replicatedFromReport(value, path)] };
  throw new InputError(
    path,
    undefined,
    undefined,
    'not a schedlab result: expected a schedule ({"jobs": …}), a run or list of runs (--json), a sweep summary or a reproduction',
  );
}

/** Whether a reproduction's `paperFindings` is there (a list of lines); anything else there is an error. */
function findingsOf(findings: unknown, path: string): boolean {
  if (findings === undefined) return false;
  if (Array.isArray(findings) && findings.every((line) => typeof line === 'string')) return true;
  throw new InputError(path, undefined, 'paperFindings', 'expected a list of lines of text');
}

const isReproduction = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { paper?: unknown }).paper === 'string';

async function readSweepDirectory(dir: string): Promise<SweepData> {
  const summary = join(dir, 'summary.json');
  if (!existsSync(summary)) {
    const hasResults = existsSync(join(dir, 'results.jsonl'));
    throw new InputError(
      dir,
      undefined,
      undefined,
      hasResults
        ? 'a sweep without summary.json: run `schedlab summarize DIR` first'
        : 'a directory that is not a sweep’s results (no summary.json)',
    );
  }
  return sweepFromSummary(parseJson(await readFile(summary, 'utf8'), summary), summary);
}

function statOrThrow(path: string): Stats {
  try {
    return statSync(path);
  } catch (error) {
    throw new InputError(path, undefined, undefined, `cannot read: ${(error as Error).message}`);
  }
}

/**
 * A JSON input's text; one too big for a JavaScript string (512 MB) is refused in words, or with
 * the error its reading a line at a time met (`lineError`), which names the line.
 */
async function readWhole(path: string, lineError?: InputError): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STRING_TOO_LONG') throw error;
    throw (
      lineError ??
      new InputError(
        path,
        undefined,
        undefined,
        'too large to read as one text (over 512 MB); only a schedule laid out as `run --out x.json` writes it is read a line at a time',
      )
    );
  }
}
