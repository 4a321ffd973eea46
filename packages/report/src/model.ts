/**
 * What a report is drawn from, whatever the input: runs (one discipline on one workload, with its
 * figures and, when known, every job and every stretch a job held processors), sweeps (figures
 * against load) and reproductions (our figures beside a paper's). Per-job data is kept in columns
 * of numbers so that a trace of half a million jobs stays a few arrays.
 */
export interface ReportData {
  readonly runs: readonly RunData[];
  readonly sweeps: readonly SweepData[];
  readonly reproductions: readonly ReproductionData[];
  /** Replicated runs (`run/compare --replicate --json`): figures as means with intervals. */
  readonly replicated?: readonly ReplicatedData[];
}

/** A figure's mean over replications with its confidence interval (the app's ConfidenceInterval). */
export interface IntervalFigure {
  readonly mean: number;
  /** Half-width of the interval; Infinity with fewer than two replications. */
  readonly halfWidth: number;
  readonly confidence: number;
  readonly replications: number;
}

/** One discipline replicated to a confidence target on a generated workload. */
export interface ReplicatedData {
  readonly label: string;
  readonly source: string;
  readonly workload: string;
  /** The figure the stopping target was on (`response.mean`). */
  readonly statistic: string;
  /** Why replications stopped: `converged`, `saturated`, or the cap. */
  readonly stop: string;
  readonly replications: number;
  /** By the summary's paths (`wait.mean`, `utilisation.processors`). */
  readonly figures: Readonly<Record<string, IntervalFigure>>;
}

/** The figures of the summary table, one per column (see `summaryMetrics`). */
export type SummaryFigures = Readonly<Record<string, number>>;

/** One run as a report draws it: its figures and counters, and, where the input has them, its jobs and segments. */
export interface RunData {
  /** The discipline (or partitions) that ran. */
  readonly label: string;
  /** Where it came from: a file, or `compare` / `run` for a report written in one go. */
  readonly source: string;
  readonly workload?: string;
  /** Machine size; inferred from the processors used when the input does not say. */
  readonly processors?: number;
  readonly status?: string;
  readonly summary?: SummaryFigures;
  /** Each discipline's own counters, by discipline (or partition) name. */
  readonly counters: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly jobs?: JobColumns;
  readonly segments?: SegmentColumns;
}

/** Every job that left, in arrival order. Times in seconds. */
export interface JobColumns {
  readonly id: number[];
  readonly submit: number[];
  readonly start: number[];
  readonly end: number[];
  /** Processors at the first start. */
  readonly processors: number[];
  readonly boundedSlowdown: number[];
  readonly backfilled: boolean[];
}

/** How a segment began: the engine's operation names. */
export const segmentBeginnings = ['start', 'restart', 'resume', 'resize'] as const;
export type SegmentBeginning = (typeof segmentBeginnings)[number];

/**
 * Each stretch of a job on fixed processors (the schedule's `segments`). Segment `k` holds the
 * processor ranges `rangeFirst[i]…rangeLast[i]` for `rangeStart[k] ≤ i < rangeStart[k + 1]`.
 */
export interface SegmentColumns {
  readonly job: number[];
  readonly from: number[];
  readonly to: number[];
  /** Index into {@link segmentBeginnings}. */
  readonly began: number[];
  /** Gang slot (row of the scheduling matrix), or -1 where the input does not say. */
  readonly slot: number[];
  /**
   * A periodic record stands for `count` stretches, the k-th from `from + k·period` to
   * `to + k·period` (a gang job's rounds on an unchanged matrix); a plain one has count 1.
   */
  readonly period: number[];
  readonly count: number[];
  /** Was the job backfilled (from its record): marks its bars. */
  readonly backfilled: boolean[];
  readonly rangeStart: number[];
  readonly rangeFirst: number[];
  readonly rangeLast: number[];
}

/** One row of a sweep's `summary.json`: a figure's mean over seeds with its 95 % half-width. */
export interface SweepRow {
  readonly metric: string;
  readonly workload: string;
  readonly discipline: string;
  readonly load: number;
  readonly seeds: number;
  /** Infinity where a cell saturated; NaN where a figure had no value. */
  readonly mean: number;
  readonly halfWidth: number;
}

/** A sweep's figures against offered load, per workload and discipline, with their confidence intervals. */
export interface SweepData {
  readonly name: string;
  readonly source: string;
  readonly confidence: number;
  readonly missingCells: number;
  readonly rows: readonly SweepRow[];
}

/**
 * A reproduction's CSV, understood by its column names: text columns and `load` say which
 * configuration a row is; a figure `x` may have its interval in `xHalfWidth` (or in a following
 * `halfWidth`) and the paper's value in `paperX` or `paper_x`.
 */
export interface ReproductionData {
  /** Short name (the file's: `zhou-99`), for the chart's name. */
  readonly name: string;
  /** The paper, as the reproduction names it (its title), or the short name. */
  readonly paper: string;
  readonly source: string;
  readonly figures: readonly ReproducedFigure[];
  /**
   * The paper's findings in words, where it gives charts rather than numbers (the reproduction
   * JSON's `paperFindings`): drawn beside our figures.
   */
  readonly findings?: readonly string[];
}

/** One figure of a reproduction: its value at each configuration, ours beside the paper's. */
export interface ReproducedFigure {
  readonly name: string;
  readonly points: readonly ReproducedPoint[];
}

/** A figure at one configuration (and load): our value with its interval, and the paper's where given. */
export interface ReproducedPoint {
  /** The configuration: the row's text columns joined (`BRMS`, `W1 · ssp`). */
  readonly series: string;
  /** The load, where the rows have one. */
  readonly load?: number;
  readonly ours: number;
  readonly halfWidth?: number;
  readonly paper?: number;
}

/** Empty columns, to fill while reading a schedule or recording a run. */
export function emptyJobs(): JobColumns {
  return { id: [], submit: [], start: [], end: [], processors: [], boundedSlowdown: [], backfilled: [] };
}

/** Empty segment columns (range offsets start at 0), to fill with {@link addSegment}. */
export function emptySegments(): SegmentColumns {
  return {
    job: [],
    from: [],
    to: [],
    began: [],
    slot: [],
    period: [],
    count: [],
    backfilled: [],
    rangeStart: [0],
    rangeFirst: [],
    rangeLast: [],
  };
}

/** A job record, as `run --out x.json` writes it (segments separate). */
export interface JobInput {
  readonly id: number;
  readonly submit: number;
  readonly start: number;
  readonly end: number;
  readonly processors: number;
  readonly boundedSlowdown: number;
  readonly backfilled: boolean;
}

/** A stretch of a job on fixed processors, as `run --out x.json` writes it: inclusive processor ranges and how it began. */
export interface SegmentInput {
  readonly from: number;
  readonly to: number;
  readonly processors: readonly (readonly [number, number])[];
  /** One of {@link segmentBeginnings} (the engine's wider operation type is accepted as is). */
  readonly began: string;
  readonly slot?: number;
  /** A periodic record: `count` stretches alike, `period` seconds apart (see {@link SegmentColumns}). */
  readonly period?: number;
  readonly count?: number;
}

/** Append a job and its segments to the columns. */
export function addJob(
  jobs: JobColumns,
  segments: SegmentColumns,
  job: JobInput,
  jobSegments: readonly SegmentInput[],
): void {
  jobs.id.push(job.id);
  jobs.submit.push(job.submit);
  jobs.start.push(job.start);
  jobs.end.push(job.end);
  jobs.processors.push(job.processors);
  jobs.boundedSlowdown.push(job.boundedSlowdown);
  jobs.backfilled.push(job.backfilled);
  for (const s of jobSegments) addSegment(segments, job.id, s, job.backfilled);
}

/** Append one segment of job `job` (whose record may come later: see `backfilled`). */
export function addSegment(
  segments: SegmentColumns,
  job: number,
  s: SegmentInput,
  backfilled: boolean,
): void {
  segments.job.push(job);
  segments.from.push(s.from);
  segments.to.push(s.to);
  segments.began.push(Math.max(0, segmentBeginnings.indexOf(s.began as SegmentBeginning)));
  segments.slot.push(s.slot ?? -1);
  segments.period.push(s.period ?? 0);
  segments.count.push(s.count ?? 1);
  segments.backfilled.push(backfilled);
  for (const [first, last] of s.processors) {
    segments.rangeFirst.push(first);
    segments.rangeLast.push(last);
  }
  segments.rangeStart.push(segments.rangeFirst.length);
}

/** Processors used at most: the machine size when the input does not give it (a lower bound). */
export function processorsSeen(segments: SegmentColumns | undefined, jobs: JobColumns | undefined): number {
  let most = 0;
  if (segments) for (const last of segments.rangeLast) most = Math.max(most, last + 1);
  if (most === 0 && jobs) for (const p of jobs.processors) most = Math.max(most, p);
  return most;
}
