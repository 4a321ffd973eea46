import { closeSync, fdatasyncSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunSummary } from '@js/metrics';
import type { ReplicatedReport } from '../run/replicated.ts';
import type { Cell } from './cells.ts';

/**
 * One finished cell, as a line of `results.jsonl`: the cell, its run summary and the discipline's
 * counters; or, for a replicated sweep, its replications' figures (mean and interval each).
 */
export interface CellResult extends Omit<Cell, 'spec'> {
  readonly status: RunSummary['status'];
  readonly summary?: RunSummary;
  readonly replicated?: Omit<ReplicatedReport, 'summaries'>;
  readonly counters: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export const resultsFile = (dir: string): string => join(dir, 'results.jsonl');

/** The lines of a results file and where they are, a torn last line left out. */
export interface ResultLines {
  readonly results: { readonly result: CellResult; readonly line: number }[];
  /** Bytes up to the end of the last whole line: where the next append belongs. */
  readonly wholeBytes: number;
}

/**
 * Read `results.jsonl`. A kill can only tear the last line (each line is one write): a last line
 * without its newline is left out; any other bad line is an error.
 */
export function readResults(dir: string): ResultLines {
  let bytes: Buffer;
  try {
    bytes = readFileSync(resultsFile(dir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { results: [], wholeBytes: 0 };
    throw error;
  }
  const wholeBytes = bytes.lastIndexOf(0x0a) + 1;
  const lines = bytes.subarray(0, wholeBytes).toString('utf8').split('\n').slice(0, -1);
  const results: ResultLines['results'] = [];
  for (const [k, text] of lines.entries()) {
    try {
      results.push({ result: JSON.parse(text) as CellResult, line: k + 1 });
    } catch (error) {
      throw new Error(`${resultsFile(dir)}:${k + 1}: not a result line: ${(error as Error).message}`);
    }
  }
  return { results, wholeBytes };
}

/**
 * `results.jsonl` open for appending: each result is one write of one whole line, synced to disk
 * before the next cell is counted as done, so a kill at any moment loses at most the cells still
 * running. A torn line left by an earlier kill is cut off first, so appends never follow half a line.
 */
export class ResultsLog {
  private constructor(private readonly fd: number) {}

  static async open(dir: string, wholeBytes: number): Promise<ResultsLog> {
    await mkdir(dir, { recursive: true });
    const fd = openSync(resultsFile(dir), 'a');
    ftruncateSync(fd, wholeBytes);
    return new ResultsLog(fd);
  }

  append(result: CellResult): void {
    const line = Buffer.from(`${JSON.stringify(result)}\n`, 'utf8');
    for (let done = 0; done < line.length; ) done += writeSync(this.fd, line, done);
    fdatasyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}
