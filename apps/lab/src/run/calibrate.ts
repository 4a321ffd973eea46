import { parseOptions, type RunInfo, type RunStatus, SchedlabError, UnknownNameError } from '@js/core';
import { createRunMetrics, type RunSummary } from '@js/metrics';
import * as z from 'zod';
import { formatNumber } from '../output/table.ts';

/**
 * Load calibration: the offered load at which a discipline reaches a target value of one figure of
 * its runs, averaged over seeds. Leinberger, Karypis & Kumar 1999 (§3.1 item 3) set each load this
 * way: the Poisson arrival rate at which FCFS/FF-EASY's mean ready-queue length is 64, 128 or 256,
 * then every discipline runs at that rate.
 *
 * The search assumes the statistic is non-decreasing in the load (true of queue lengths, waits,
 * responses and utilisation up to noise). It brackets the target by doubling `high` until the
 * statistic exceeds it, then bisects. Nothing checks the assumption beyond reporting
 * {@link Calibration.monotone}.
 */

/** A run seed, as run settings take it. */
export type Seed = number | string;

/** A probe's runs end like this when the load is too high: they count as above any target. */
const overloaded: ReadonlySet<RunStatus> = new Set<RunStatus>(['saturated', 'stalled', 'event-limit']);

/** The bracket is closed when high − low ≤ this × high. */
export const BRACKET_WIDTH = 1e-3;

/** Probes a search may spend by default (each costs one run per seed). */
export const DEFAULT_PROBES = 30;

const calibrationSettingsSchema = z
  .strictObject({
    /** A figure of the run summary, by its path: `meanQueueLength`, `response.mean`, `utilisation.processors`. */
    statistic: z.string().min(1),
    /** The value wanted for the mean of the statistic over the seeds. */
    target: z.number().positive(),
    /** One run per seed at every probed load; the statistic is averaged over them. */
    seeds: z.array(z.union([z.number(), z.string()])).min(1),
    /** A load at or below the target (not probed). */
    low: z.number().nonnegative().default(0),
    /** The first load probed; doubled until the statistic exceeds the target. */
    high: z.number().positive().default(1),
    /** Done when |statistic − target| ≤ tolerance × target. */
    tolerance: z.number().positive().lt(1).default(0.02),
    /** Most runs in all (probes × seeds); default {@link DEFAULT_PROBES} × seeds. */
    maxRuns: z.int().positive().optional(),
  })
  .refine((s) => s.high > s.low, { path: ['high'], message: 'must be above low' })
  .refine((s) => s.maxRuns === undefined || s.maxRuns >= s.seeds.length, {
    path: ['maxRuns'],
    message: 'must allow one probe: at least one run per seed',
  });

export interface CalibrateOptions<S extends Seed> {
  readonly statistic: string;
  readonly target: number;
  readonly seeds: readonly S[];
  /** One run at offered load `load` with seed `seed`: its figures. */
  readonly run: (load: number, seed: S) => Promise<RunSummary>;
  /** A load at or below the target (not probed); default 0. */
  readonly low?: number;
  /** The first load probed; default 1. */
  readonly high?: number;
  /** Relative tolerance on the statistic; default 0.02. */
  readonly tolerance?: number;
  /** Most runs in all; default {@link DEFAULT_PROBES} × seeds. */
  readonly maxRuns?: number;
  /** Told of each probe as it completes (progress). */
  readonly probed?: (probe: Probe) => void;
}

/** One load tried: a run per seed. */
export interface Probe {
  readonly load: number;
  /** The statistic's mean over the seeds (partial figures when a run was overloaded). */
  readonly value: number;
  /** The statistic of each seed's run, in the order of the seeds. */
  readonly values: readonly number[];
  /** A run ended saturated, stalled or at the event limit: the load counts as too high. */
  readonly overloaded: boolean;
}

/** Why the search stopped. */
export type CalibrationStop =
  /** A probe came within the tolerance: it is the result. */
  | 'tolerance'
  /** The bracket closed (high − low ≤ 1e-3 × high) first: the closest completed probe is the result. */
  | 'bracket'
  /** The run budget was spent while bisecting: the closest completed probe is the result. */
  | 'max-runs';

export interface Calibration {
  readonly statistic: string;
  readonly target: number;
  readonly tolerance: number;
  /** The calibrated offered load… */
  readonly load: number;
  /** …and the statistic's mean over the seeds there. */
  readonly value: number;
  /** |value − target| ≤ tolerance × target. */
  readonly withinTolerance: boolean;
  readonly stop: CalibrationStop;
  /** Runs made (probes × seeds). */
  readonly runs: number;
  /** Every probe, in the order made. */
  readonly probes: readonly Probe[];
  /**
   * Whether the probes, by load, agree with the assumption: completed probes' values never
   * decrease, and no completed probe lies above an overloaded one. False flags noise or a real
   * effect that may have misled the bisection.
   */
  readonly monotone: boolean;
}

/** A search that cannot give a load: the target is out of reach, or every run is overloaded. */
export class CalibrationError extends SchedlabError {
  readonly code = 'CALIBRATION_FAILED';
}

/**
 * Find the offered load at which the mean over `seeds` of `statistic` equals `target`:
 *
 * 1. Bracket: probe `high` (default 1); while the statistic is at or below the target, `low = high`
 *    and `high` doubles.
 * 2. Bisect: probe (low + high) / 2; above the target (or overloaded) it becomes `high`, else `low`.
 *
 * A probe runs every seed at one load; an overloaded run (saturated, stalled) makes the probe
 * count as above the target. The search stops at the first probe with |value − target| ≤
 * tolerance × target (`stop: 'tolerance'`); or when high − low ≤ 1e-3 × high (`'bracket'`: the
 * statistic jumps across the target, as at saturation) or the run budget is spent while bisecting
 * (`'max-runs'`), returning then the completed probe closest to the target with `withinTolerance`
 * false. It fails with a {@link CalibrationError} when the budget is spent before the target is
 * bracketed (the statistic never exceeds it) or with no probe at or below the target (it never
 * falls below it, or every run is overloaded); with an UnknownNameError, listing the figures, for
 * a statistic that the run summary does not have (before any run, except resource figures).
 */
export async function calibrate<S extends Seed>(o: CalibrateOptions<S>): Promise<Calibration> {
  const s = parseOptions('calibrate', calibrationSettingsSchema, {
    statistic: o.statistic,
    target: o.target,
    seeds: o.seeds,
    low: o.low,
    high: o.high,
    tolerance: o.tolerance,
    maxRuns: o.maxRuns,
  });
  checkStatistic(s.statistic);
  const maxRuns = s.maxRuns ?? DEFAULT_PROBES * o.seeds.length;
  const probes: Probe[] = [];
  let runs = 0;

  const probe = async (load: number): Promise<Probe | undefined> => {
    if (runs + o.seeds.length > maxRuns) return undefined;
    const values: number[] = [];
    let over = false;
    for (const seed of o.seeds) {
      const summary = await o.run(load, seed);
      runs++;
      const value = statisticOf(summary, s.statistic);
      const overloadedRun = overloaded.has(summary.status);
      if (!overloadedRun && Number.isNaN(value)) {
        throw new CalibrationError(
          `calibrate: ${s.statistic} is not a number at load ${load}, seed ${seed} (run ${summary.status}, ${summary.window.jobs} measured jobs)`,
        );
      }
      over ||= overloadedRun;
      values.push(value);
    }
    const p: Probe = {
      load,
      value: values.reduce((a, b) => a + b, 0) / values.length,
      values,
      overloaded: over,
    };
    probes.push(p);
    o.probed?.(p);
    return p;
  };
  const within = (p: Probe) => !p.overloaded && Math.abs(p.value - s.target) <= s.tolerance * s.target;
  const above = (p: Probe) => p.overloaded || p.value > s.target;
  const done = (p: Probe | undefined, stop: CalibrationStop): Calibration => {
    if (!p) {
      throw new CalibrationError(
        `calibrate: every run was overloaded (saturated or stalled), down to load ${Math.min(...probes.map((q) => q.load))}; ${probeList(probes)}`,
      );
    }
    return {
      statistic: s.statistic,
      target: s.target,
      tolerance: s.tolerance,
      load: p.load,
      value: p.value,
      withinTolerance: within(p),
      stop,
      runs,
      probes,
      monotone: isMonotone(probes),
    };
  };

  let low = s.low;
  let high = s.high;
  for (;;) {
    const p = await probe(high);
    if (!p) {
      throw new CalibrationError(
        `calibrate: ${s.statistic} stays at or below the target ${s.target} up to load ${low} and the budget of ${maxRuns} runs is spent; ${probeList(probes)}; the target may be beyond this workload's reach`,
      );
    }
    if (within(p)) return done(p, 'tolerance');
    if (above(p)) break;
    low = high;
    high *= 2;
  }
  for (;;) {
    if (high - low <= BRACKET_WIDTH * high) return done(closest(probes, s.target), 'bracket');
    const p = await probe((low + high) / 2);
    if (!p) {
      if (probes.every(above)) {
        throw new CalibrationError(
          `calibrate: ${s.statistic} stays above the target ${s.target} (or the runs are overloaded) down to load ${high} and the budget of ${maxRuns} runs is spent; ${probeList(probes)}`,
        );
      }
      return done(closest(probes, s.target), 'max-runs');
    }
    if (within(p)) return done(p, 'tolerance');
    if (above(p)) high = p.load;
    else low = p.load;
  }
}

/**
 * The completed probe closest to the target, if any; on a tie the later one, which lies nearer
 * where the bisection converged (at a jump, every probe below it may give the same value).
 */
function closest(probes: readonly Probe[], target: number): Probe | undefined {
  let best: Probe | undefined;
  for (const p of probes) {
    if (p.overloaded) continue;
    if (!best || Math.abs(p.value - target) <= Math.abs(best.value - target)) best = p;
  }
  return best;
}

function isMonotone(probes: readonly Probe[]): boolean {
  const sorted = [...probes].sort((a, b) => a.load - b.load);
  let previous = Number.NEGATIVE_INFINITY;
  let overloadedBelow = false;
  for (const p of sorted) {
    if (p.overloaded) overloadedBelow = true;
    else if (overloadedBelow || p.value < previous) return false;
    else previous = p.value;
  }
  return true;
}

/** The last few probes, for a message: `30 probes, the last: load 4 → 12.5, load 8 → overloaded`. */
function probeList(probes: readonly Probe[], last = 4): string {
  const shown = probes
    .slice(-last)
    .map((p) => `load ${formatNumber(p.load)} → ${p.overloaded ? 'overloaded' : formatNumber(p.value)}`);
  return `${probes.length} probe${probes.length === 1 ? '' : 's'}, ${probes.length > last ? 'the last: ' : ''}${shown.join(', ')}`;
}

/**
 * The statistics a calibration may name: the paths of every number in a run summary, e.g.
 * `meanQueueLength`, `response.mean`, `utilisation.processors`. Figures of named resources
 * (`utilisation.resources.<name>`) depend on the machine and are checked against a run's summary.
 */
export function runStatistics(): readonly string[] {
  statistics ??= numberPaths(emptySummary());
  return statistics;
}
let statistics: readonly string[] | undefined;

const RESOURCES = 'utilisation.resources.';

/** Refuse a statistic that no run summary has (an UnknownNameError listing those there are). */
export function checkStatistic(path: string): void {
  if (path.startsWith(RESOURCES) && path.length > RESOURCES.length) return;
  if (!runStatistics().includes(path)) throw UnknownNameError.among('statistic', path, runStatistics());
}

/** The number at `path` in a run's summary; an UnknownNameError listing the summary's numbers when none is there. */
export function statisticOf(summary: RunSummary, path: string): number {
  let v: unknown = summary;
  for (const key of path.split('.')) {
    v =
      v !== null && typeof v === 'object' && Object.hasOwn(v, key)
        ? (v as Record<string, unknown>)[key]
        : undefined;
  }
  if (typeof v !== 'number') throw UnknownNameError.among('statistic', path, numberPaths(summary));
  return v;
}

function numberPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'number') return [prefix];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => numberPaths(v, prefix ? `${prefix}.${key}` : key));
}

/** The summary of a run with no job: every figure a summary has, whatever its value. */
function emptySummary(): RunSummary {
  const metrics = createRunMetrics();
  metrics.begin({
    discipline: '',
    processors: 1,
    resourceNames: [],
    resourceCapacities: [],
  } as Partial<RunInfo> as RunInfo);
  metrics.end(0, 'completed');
  return metrics.summary();
}
