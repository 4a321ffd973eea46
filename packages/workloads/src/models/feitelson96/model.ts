import type { Job, TraitKnowledge } from '@js/core';
import * as z from 'zod';
import { empiricalDistribution } from '../../distributions/empirical.ts';
import { exponentialDraw } from '../../distributions/exponential.ts';
import { hyperexponentialDistribution } from '../../distributions/hyperexponential.ts';
import { defineModel } from '../model.ts';
import { arrivalsStream } from '../poisson.ts';
import { PendingRuns } from './repeats.ts';

/**
 * Who may see each trait (one object shared by every job): a repeated run's preceding job and think
 * time are visible, as they are SWF fields 17 and 18 of a trace.
 */
export const feitelson96TraitKnowledge: Readonly<Record<string, TraitKnowledge>> = Object.freeze({
  precedingJob: 'visible',
  thinkTime: 'visible',
});

/**
 * Feitelson 1996 ("Packing schemes for gang scheduling", JSSPP 1996, LNCS 1162), as the PWA model
 * page m_feitelson96 and Leinberger et al. §3.1 describe it (MODELS.md §Feitelson 1996): sizes
 * harmonic of order 1.5, hand-tailored to emphasise small sizes and powers of two; runtimes with
 * CV > 1 weakly correlated with size; repeated executions of the same job.
 *
 * The paper's numeric tailoring, runtime parameters and repetition law are not in our materials.
 * The defaults here are ours and only reproduce those properties:
 * - size n ∈ 1…P with weight n^(−1.5), times `powerOfTwoFactor` = 3 for n = 2, 4, 8, … (about 28 %
 *   serial jobs and 65 % powers of two among parallel jobs at P = 128); the order itself already
 *   favours small sizes;
 * - runtime: balanced hyper-exponential with CV 2 and mean ∝ n^0.25, overall mean 1800 s — the
 *   mean grows with size but the spread dwarfs it (weak correlation);
 * - repeats (off by default; Leinberger et al. used sizes and runtimes only): a job runs R times,
 *   P(R = r) ∝ r^(−2.5) up to 100; each run is submitted when the previous one would end if it started
 *   at once, plus an exponential think time. Only this open-loop form is possible in a generated
 *   stream: the real feedback (resubmit after the actual completion) depends on the scheduler.
 * The paper gives no arrival process (Leinberger et al. §3.1); arrivals here are Poisson.
 *
 * The model has no user runtime estimates (the generator gives size, runtime and repeat count
 * only, Leinberger et al. §3.1), so every job's `estimate` is Infinity (unknown; SWF field 9 =
 * -1), a repeated run's too; the run's `knowledge.runtimes: 'exact'` (CLI `--exact-runtimes`)
 * shows disciplines the true runtimes.
 */
export const feitelson96Options = z
  .strictObject({
    processors: z.int().positive().default(128).describe('machine size P (the six logs: 96…512 nodes)'),
    sizeOrder: z.number().positive().default(1.5).describe('harmonic order: P(n) ∝ n^(−order) (PWA: 1.5)'),
    powerOfTwoFactor: z
      .number()
      .positive()
      .default(3)
      .describe('extra weight of sizes 2, 4, 8, … ("hand-tailored"; our value)'),
    meanRuntime: z.number().positive().default(1800).describe('mean runtime in seconds (our value)'),
    runtimeCv: z.number().default(2).describe('runtime CV, > 1 (PWA: above 1; our value)'),
    runtimeSizeExponent: z
      .number()
      .default(0.25)
      .describe('mean runtime ∝ size^exponent: weak positive correlation (our value)'),
    repeats: z.boolean().default(false).describe('repeated executions of the same job (PWA; optional)'),
    repeatExponent: z.number().positive().default(2.5).describe('P(R = r) ∝ r^(−exponent) (our value)'),
    maxRepeats: z.int().positive().default(100).describe('most runs of one job (our value)'),
    thinkTime: z
      .number()
      .nonnegative()
      .default(0)
      .describe('mean exponential time between a run’s end and the next submission, seconds'),
    load: z
      .number()
      .positive()
      .default(0.7)
      .describe('offered load λ·E[size·runtime]/P over all submissions (Poisson arrivals; our value)'),
  })
  .refine((o) => o.runtimeCv >= 1, {
    message: 'a hyper-exponential has CV ≥ 1 (the model’s runtimes have CV above 1)',
    path: ['runtimeCv'],
  });

export const feitelson96Streams = {
  arrivals: arrivalsStream,
  sizes: 'sizes',
  runtimes: 'runtimes',
  repeats: 'repeats',
  thinkTimes: 'think-times',
} as const;

const isPowerOfTwo = (n: number): boolean => (n & (n - 1)) === 0;

/** The `feitelson96` workload model: rigid jobs with harmonic sizes favouring small and power-of-two sizes, CV > 1 runtimes, repeated runs. */
export const feitelson96 = defineModel({
  name: 'feitelson96',
  summary:
    'rigid jobs: harmonic sizes (order 1.5) favouring small sizes and powers of two, CV > 1 runtimes, repeats',
  source:
    'Feitelson, Packing schemes for gang scheduling, JSSPP 1996 (PWA m_feitelson96); as used by Leinberger et al. §3.1',
  load: 'λ·E[size·runtime]/P, λ counting every submission (repeats included); Poisson arrivals of new jobs',
  streams: Object.values(feitelson96Streams),
  options: feitelson96Options,
  create(o) {
    const P = o.processors;
    const values: number[] = [];
    const weights: number[] = [];
    for (let n = 1; n <= P; n++) {
      values.push(n);
      weights.push(n ** -o.sizeOrder * (n > 1 && isPowerOfTwo(n) ? o.powerOfTwoFactor : 1));
    }
    const sizes = empiricalDistribution({ kind: 'empirical', values, weights });
    // Mean runtime of size n: meanRuntime · n^γ / E[N^γ], so the overall mean is meanRuntime.
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    let meanPower = 0;
    for (let n = 1; n <= P; n++) meanPower += (weights[n - 1]! / totalWeight) * n ** o.runtimeSizeExponent;
    const meanBySize = new Float64Array(P + 1);
    let meanWork = 0; // E[size · runtime]
    for (let n = 1; n <= P; n++) {
      meanBySize[n] = (o.meanRuntime * n ** o.runtimeSizeExponent) / meanPower;
      meanWork += (weights[n - 1]! / totalWeight) * n * meanBySize[n]!;
    }
    const unitRuntime = hyperexponentialDistribution({ kind: 'hyper-exponential', mean: 1, cv: o.runtimeCv });
    const repeatValues = Array.from({ length: o.maxRepeats }, (_, i) => i + 1);
    const repeatLaw = empiricalDistribution({
      kind: 'empirical',
      values: repeatValues,
      weights: repeatValues.map((r) => r ** -o.repeatExponent),
    });
    const meanRuns = o.repeats ? repeatLaw.mean : 1;
    // Submissions arrive at E[R] per new job: λ_new = ρP / (E[R]·E[size·runtime]).
    const meanNewJobGap = (meanRuns * meanWork) / (o.load * P);
    return {
      processors: P,
      offeredLoad: o.load,
      meanInterarrival: meanNewJobGap / meanRuns,
      *generate(streams, count, arrivalScale) {
        const arrivals = streams.stream(feitelson96Streams.arrivals);
        const sizeStream = streams.stream(feitelson96Streams.sizes);
        const runtimeStream = streams.stream(feitelson96Streams.runtimes);
        const repeatStream = streams.stream(feitelson96Streams.repeats);
        const thinkStream = streams.stream(feitelson96Streams.thinkTimes);
        const meanGap = meanNewJobGap * arrivalScale;
        const pending = new PendingRuns();
        let sequence = 0;
        let nextNew = exponentialDraw(meanGap, arrivals.next());
        for (let id = 1; id <= count; id++) {
          const waiting = pending.peek();
          let job: Job;
          let size: number;
          let runtime: number;
          let remaining: number;
          if (waiting !== undefined && waiting.submit <= nextNew) {
            pending.pop();
            ({ size, runtime, remaining } = waiting);
            job = {
              id,
              submit: waiting.submit,
              size,
              runtime,
              estimate: Number.POSITIVE_INFINITY,
              traits: { precedingJob: waiting.precedingJob, thinkTime: waiting.thinkTime },
              traitKnowledge: feitelson96TraitKnowledge,
            };
          } else {
            size = sizes.sample(sizeStream);
            runtime = meanBySize[size]! * unitRuntime.sample(runtimeStream);
            remaining = o.repeats ? repeatLaw.sample(repeatStream) - 1 : 0;
            // No user estimates in the model: unknown, so the runtime does not leak.
            job = { id, submit: nextNew, size, runtime, estimate: Number.POSITIVE_INFINITY };
            nextNew += exponentialDraw(meanGap, arrivals.next());
          }
          if (remaining > 0) {
            const thinkTime = o.thinkTime > 0 ? exponentialDraw(o.thinkTime, thinkStream.next()) : 0;
            pending.push({
              submit: job.submit + runtime + thinkTime,
              sequence: sequence++,
              size,
              runtime,
              thinkTime,
              precedingJob: id,
              remaining: remaining - 1,
            });
          }
          yield job;
        }
      },
    };
  },
});
