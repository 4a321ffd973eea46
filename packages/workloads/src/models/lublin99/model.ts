import { type Job, OptionsError, type RandomStream } from '@js/core';
import * as z from 'zod';
import { gammaDraw } from '../../distributions/gamma.ts';
import { regularizedGammaP } from '../../distributions/gamma-function.ts';
import { defineModel } from '../model.ts';
import { DailyClock, dailyCycleWeights } from './daily-cycle.ts';
import { type SizeLaw, sizeProbabilities, truncatedExpMean } from './moments.ts';
import {
  effectiveSizeRange,
  type LublinTableOptions,
  lublinConstants,
  lublinTableSchema,
  lublinTables,
} from './parameters.ts';

/**
 * Lublin & Feitelson 1999 (JPDC 2003; reference code m_lublin99.c), with the structure and tables of
 * MODELS.md: separate batch and interactive streams (or one typeless stream), sizes from a two-stage
 * uniform on log2(size) with serial and power-of-two probabilities, ln(runtime) hyper-gamma with
 * the branch probability falling with size, gamma ln(inter-arrival) times spread over a daily cycle.
 *
 * The model has no user runtime estimates (m_lublin99.c writes -1 in SWF field 9; estimates are a
 * separate model, Tsafrir05, MODELS.md), so every job's `estimate` is Infinity (unknown); the
 * run's `knowledge.runtimes: 'exact'` (CLI `--exact-runtimes`) shows disciplines the true runtimes.
 */
export const lublin99Options = z
  .strictObject({
    processors: z
      .int()
      .positive()
      .default(128)
      .describe('machine size (128 nodes: UHi = 7); the size range moves with log2(processors/128)'),
    jobTypes: z
      .boolean()
      .default(true)
      .describe('separate batch and interactive streams (INCLUDE_JOBS_TYPE = 1); false: one typeless stream'),
    startHour: z
      .number()
      .min(0)
      .lt(24)
      .default(0)
      .describe('hour of day at time 0 (START = 0; the Python wrapper uses 8)'),
    runtimeLogCap: z
      .number()
      .positive()
      .default(lublinConstants.runtimeLogCap)
      .describe('ln(runtime) draws above it are redrawn (TOO_MUCH_TIME = 12)'),
    interarrivalLogCap: z
      .number()
      .positive()
      .default(lublinConstants.interarrivalLogCap)
      .describe('ln(gap) draws above it are redrawn (TOO_MUCH_ARRIVE_TIME = 13)'),
    batch: lublinTableSchema(lublinTables.batch, 'batch'),
    interactive: lublinTableSchema(lublinTables.interactive, 'interactive'),
    typeless: lublinTableSchema(lublinTables.typeless, 'typeless'),
  })
  .superRefine((o, ctx) => {
    for (const type of ['batch', 'interactive', 'typeless'] as const) {
      const { uMed, uHi } = effectiveSizeRange(lublinTables[type], o[type], o.processors);
      if (uMed > uHi)
        ctx.addIssue({
          code: 'custom',
          message: `need uMed ≤ uHi (here uMed ${uMed} > uHi ${uHi})`,
          path: [type, 'uMed'],
          input: o[type].uMed,
        });
    }
  });

export const lublin99Streams = {
  /** Arrivals of the typeless stream. */
  arrivals: 'arrivals',
  batchArrivals: 'arrivals.batch',
  interactiveArrivals: 'arrivals.interactive',
  sizes: 'sizes',
  runtimes: 'runtimes',
} as const;

/** SWF field 15 (queue), as the reference code writes it: 0 = interactive, 1 = batch. */
export const lublinJobType = { interactive: 0, batch: 1 } as const;

/** One job stream with its effective parameters. */
interface JobStream {
  readonly type: number;
  readonly arrivalStream: string;
  readonly size: SizeLaw;
  readonly table: LublinTableOptions;
  readonly weights: Float64Array;
  /** E[size·runtime] and E[gap] (rush-hour seconds; the cycle keeps the daily mean). */
  readonly meanWork: number;
  readonly meanGap: number;
}

function jobStream(
  name: 'batch' | 'interactive' | 'typeless',
  table: LublinTableOptions,
  type: number,
  arrivalStream: string,
  o: { processors: number; runtimeLogCap: number; interarrivalLogCap: number },
): JobStream {
  const size: SizeLaw = { ...table, ...effectiveSizeRange(lublinTables[name], table, o.processors) };
  const p = sizeProbabilities(size, o.processors);
  // Rejection loops must end: some size must fit, and the caps must keep some of each gamma.
  const fail = (path: string, message: string, value?: unknown): never => {
    throw new OptionsError("model 'lublin99'", [{ path: `${name}.${path}`, message, value }]);
  };
  if (Number.isNaN(p[1]!)) fail('uLow', `no size of 1…${o.processors} can be drawn`, table.uLow);
  const keeps = (shape: number, scale: number, cap: number): boolean =>
    regularizedGammaP(shape, cap / scale) > 1e-9;
  if (!keeps(table.a1, table.b1, o.runtimeLogCap) || !keeps(table.a2, table.b2, o.runtimeLogCap))
    fail('a1', `runtimeLogCap ${o.runtimeLogCap} rejects (almost) every ln(runtime) draw`);
  if (!keeps(table.aarr * table.arar, table.barr, o.interarrivalLogCap))
    fail(
      'aarr',
      `interarrivalLogCap ${o.interarrivalLogCap} rejects (almost) every ln(gap) draw`,
      table.aarr,
    );
  const weights = dailyCycleWeights(table.anum, table.bnum);
  if (!weights.every((w) => Number.isFinite(w) && w >= 0))
    fail('anum', 'the gamma(ANUM, BNUM) daily cycle puts no weight on the day’s buckets', table.anum);
  const m1 = truncatedExpMean(table.a1, table.b1, o.runtimeLogCap);
  const m2 = truncatedExpMean(table.a2, table.b2, o.runtimeLogCap);
  let meanWork = 0;
  for (let n = 1; n <= o.processors; n++) {
    const first = branchProbability(table, n);
    // Runtimes are ⌊e^X⌋: on average half a second below e^X.
    meanWork += p[n]! * n * (first * m1 + (1 - first) * m2 - 0.5);
  }
  return {
    type,
    arrivalStream,
    size,
    table,
    weights,
    meanWork,
    meanGap: truncatedExpMean(table.aarr * table.arar, table.barr, o.interarrivalLogCap),
  };
}

/** p = pa·nodes + pb, kept within [0, 1]: the probability of the first (short) gamma. */
const branchProbability = (t: LublinTableOptions, nodes: number): number =>
  Math.min(1, Math.max(0, t.pa * nodes + t.pb));

/** `calc_number_of_nodes`, redrawn while outside 1…processors (only tiny machines reach below 1). */
function drawSize(law: SizeLaw, processors: number, s: RandomStream): number {
  for (;;) {
    const u = s.next();
    if (u <= law.serialProb) return 1;
    const first = s.next() < law.uProb;
    const v = s.next();
    let par = first ? law.uLow + v * (law.uMed - law.uLow) : law.uMed + v * (law.uHi - law.uMed);
    if (u <= law.serialProb + law.pow2Prob) par = Math.floor(par + 0.5);
    const size = Math.floor(2 ** par + 0.5);
    if (size >= 1 && size <= processors) return size;
  }
}

/** `time_from_nodes`: ⌊e^X⌋ with X hyper-gamma; a draw above the cap is redrawn from the same gamma. */
function drawRuntime(t: LublinTableOptions, nodes: number, cap: number, s: RandomStream): number {
  const first = s.next() < branchProbability(t, nodes);
  const shape = first ? t.a1 : t.a2;
  const scale = first ? t.b1 : t.b2;
  let x = gammaDraw(shape, scale, s);
  while (x > cap) x = gammaDraw(shape, scale, s);
  return Math.floor(Math.exp(x));
}

/** The `lublin99` workload model (Lublin–Feitelson): batch and interactive rigid jobs, two-stage log-uniform sizes, hyper-gamma runtimes, daily arrival cycle. */
export const lublin99 = defineModel({
  name: 'lublin99',
  summary:
    'rigid jobs: batch/interactive streams, two-stage log-uniform sizes, hyper-gamma runtimes, daily arrival cycle',
  source:
    'Lublin & Feitelson, The workload on parallel supercomputers: modeling the characteristics of rigid jobs (JPDC 2003); m_lublin99.c as in MODELS.md',
  load: 'Σ over job streams of E[size·runtime]/E[gap], over P; E[gap] is the mean of e^X (X the capped ln-gap gamma), which the normalised daily cycle keeps as the long-run mean',
  streams: Object.values(lublin99Streams),
  options: lublin99Options,
  create(o) {
    const streams: JobStream[] = o.jobTypes
      ? [
          jobStream('batch', o.batch, lublinJobType.batch, lublin99Streams.batchArrivals, o),
          jobStream(
            'interactive',
            o.interactive,
            lublinJobType.interactive,
            lublin99Streams.interactiveArrivals,
            o,
          ),
        ]
      : [jobStream('typeless', o.typeless, lublinJobType.interactive, lublin99Streams.arrivals, o)];
    let rate = 0;
    let workRate = 0;
    for (const s of streams) {
      rate += 1 / s.meanGap;
      workRate += s.meanWork / s.meanGap;
    }
    const { processors, runtimeLogCap, interarrivalLogCap, startHour } = o;
    const secondsPerPoint = lublinConstants.secondsInBucket;
    return {
      processors,
      offeredLoad: workRate / processors,
      meanInterarrival: 1 / rate,
      *generate(randomStreams, count, arrivalScale) {
        const sizes = randomStreams.stream(lublin99Streams.sizes);
        const runtimes = randomStreams.stream(lublin99Streams.runtimes);
        const clocks = streams.map((s) => {
          const clock = new DailyClock(s.weights, startHour);
          const draws = randomStreams.stream(s.arrivalStream);
          const shape = s.table.aarr * s.table.arar;
          // A scaled rush-hour gap is worth gap·scale/1800 points: the cycle stays 24 h long.
          return () => {
            let x = gammaDraw(shape, s.table.barr, draws);
            while (x > interarrivalLogCap) x = gammaDraw(shape, s.table.barr, draws);
            return clock.advance((Math.exp(x) * arrivalScale) / secondsPerPoint);
          };
        });
        const next = clocks.map((advance) => advance());
        for (let id = 1; id <= count; id++) {
          // The job's type is the stream with the earlier next arrival (ties: the first, batch).
          let k = 0;
          for (let i = 1; i < next.length; i++) if (next[i]! < next[k]!) k = i;
          const s = streams[k]!;
          const submit = next[k]!;
          const size = drawSize(s.size, processors, sizes);
          const runtime = drawRuntime(s.table, size, runtimeLogCap, runtimes);
          // No user estimates in the model: unknown, so the runtime does not leak.
          const job: Job = { id, submit, size, runtime, estimate: Number.POSITIVE_INFINITY, queue: s.type };
          next[k] = clocks[k]!();
          yield job;
        }
      },
    };
  },
});
