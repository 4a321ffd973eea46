import type { RunSettings } from '../run/execute.ts';
import type { Runner } from '../run/runner.ts';

/** How a reproduction runs: the reduced grid or the paper's, how many seeds and jobs. */
export interface ReproduceOptions {
  /** A reduced grid that runs in under a minute (the tests use it). */
  readonly quick: boolean;
  /** Replications per cell (seeds 1…n); default: the paper module's. */
  readonly seeds?: number;
  /** Jobs per run; default: the paper module's. */
  readonly jobs?: number;
  /** What every run shares (registry, progress). */
  readonly settings: Pick<RunSettings, 'registry' | 'progress'>;
  /**
   * Runs its runs on the worker processes (`--workers`): ask for all of them at once, then read
   * the reports in a fixed order, and the figures are the same for any number of workers.
   */
  readonly runner: Runner;
}

/** A reproduction's result: tables to read, rows to write as CSV, everything as JSON. */
export interface Reproduction {
  readonly paper: string;
  /** Our tables, with the paper's findings beside them. */
  readonly text: string;
  /** One flat record per figure (CSV). */
  readonly rows: readonly Record<string, string | number>[];
  /** Everything, for `--json` and the `.json` file. */
  readonly data: unknown;
}

/** A paper whose headline comparison `schedlab reproduce <name>` runs. */
export interface Paper {
  readonly name: string;
  readonly title: string;
  readonly reproduce: (o: ReproduceOptions) => Promise<Reproduction>;
}

/**
 * A paper reproduced under one reading of what it leaves open (a workload's options, a law, a
 * column of a table): the same experiment, run by `reproduce` with the reading and the paper it
 * makes (for its name and title in the output).
 */
export function paperReading<R>(
  name: string,
  title: string,
  reading: R,
  reproduce: (o: ReproduceOptions, paper: Paper, reading: R) => Promise<Reproduction>,
): Paper {
  const paper: Paper = { name, title, reproduce: (o) => reproduce(o, paper, reading) };
  return paper;
}
