import type { TraitKnowledge } from '@js/core';
import * as z from 'zod';
import { logUniformDistribution } from '../../distributions/log-uniform.ts';
import { uniformDistribution } from '../../distributions/uniform.ts';
import { defineModel } from '../model.ts';
import { arrivalsStream, poissonSampler } from '../poisson.ts';
import { downeyExecutionTime, downeyMaxUsefulSize } from './speedup.ts';

/**
 * Who may see each trait (one object shared by every job): the total work L is the service demand;
 * the average parallelism A and the variance σ are the speedup function's parameters.
 */
export const downey97TraitKnowledge: Readonly<Record<string, TraitKnowledge>> = Object.freeze({
  work: 'demand',
  parallelism: 'speedup',
  sigma: 'speedup',
});

/**
 * Downey 1997 (PWA model page m_downey97, summarised in MODELS.md): average parallelism A and total
 * work L both log-uniform, the speedup function of `speedup.ts`, moldable/malleable jobs.
 *
 * The bounds of the two log-uniform laws and the law of σ are not in our materials (they are in the
 * HPDC 1997 paper): the defaults here are ours, chosen so that parallelism spans the machine and
 * runtimes span seconds to days; σ uniform on [0, 2] follows published descriptions of Downey's
 * generator, which we could not check against the paper. All are options.
 *
 * The model has no user runtime estimates (requested times), so every job's `estimate` is
 * Infinity (unknown; SWF field 9 = -1): disciplines see the true runtime only when the run says
 * `knowledge.runtimes: 'exact'` (CLI `--exact-runtimes`), and the service demand and speedup
 * only through the `demand` and `speedup` knowledge settings.
 */
export const downey97Options = z
  .strictObject({
    processors: z.int().positive().default(128).describe('machine size P (our default)'),
    minParallelism: z
      .number()
      .min(1)
      .default(1)
      .describe('lower bound of the log-uniform A (P(A < n) ∝ log n)'),
    maxParallelism: z
      .number()
      .min(1)
      .optional()
      .describe('upper bound of the log-uniform A; default P (our choice: parallelism spans the machine)'),
    minSigma: z.number().nonnegative().default(0).describe('lower bound of the uniform σ (our choice)'),
    maxSigma: z.number().nonnegative().default(2).describe('upper bound of the uniform σ (our choice)'),
    minWork: z
      .number()
      .positive()
      .default(60)
      .describe('lower bound of the log-uniform total work, node-seconds (our choice: one node-minute)'),
    maxWork: z
      .number()
      .positive()
      .default(1e6)
      .describe('upper bound of the log-uniform total work, node-seconds (our choice: ≈ 278 node-hours)'),
    load: z.number().positive().default(0.7).describe('offered load λ·E[L]/P (total work per second over P)'),
  })
  .refine((o) => o.minParallelism <= (o.maxParallelism ?? o.processors), {
    message: 'minParallelism must be ≤ maxParallelism (default: processors)',
    path: ['minParallelism'],
  })
  .refine((o) => o.minSigma <= o.maxSigma, { message: 'minSigma must be ≤ maxSigma', path: ['minSigma'] })
  .refine((o) => o.minWork <= o.maxWork, { message: 'minWork must be ≤ maxWork', path: ['minWork'] });

export const downey97Streams = {
  arrivals: arrivalsStream,
  parallelism: 'parallelism',
  sigma: 'sigma',
  work: 'work',
} as const;

/** The `downey97` workload model: moldable jobs with log-uniform work and average parallelism under Downey's speedup function. */
export const downey97 = defineModel({
  name: 'downey97',
  summary: 'moldable jobs: log-uniform average parallelism and total work, Downey’s speedup function as T(p)',
  source:
    'Downey, A parallel workload model and its implications for processor allocation, HPDC 1997 (PWA m_downey97)',
  load: 'λ·E[L]/P: total work (node-seconds on one processor) per second over the machine; Poisson arrivals',
  streams: Object.values(downey97Streams),
  options: downey97Options,
  create(o) {
    const { processors } = o;
    const parallelism = logUniformDistribution({
      kind: 'log-uniform',
      min: o.minParallelism,
      max: o.maxParallelism ?? processors,
    });
    const sigmas = uniformDistribution({ kind: 'uniform', min: o.minSigma, max: o.maxSigma });
    const works = logUniformDistribution({ kind: 'log-uniform', min: o.minWork, max: o.maxWork });
    const meanInterarrival = works.mean / (processors * o.load);
    return poissonSampler({
      processors,
      load: o.load,
      meanInterarrival,
      streams: downey97Streams,
      job: (id, submit, s) => {
        const A = parallelism.sample(s.parallelism);
        const sigma = sigmas.sample(s.sigma);
        const work = works.sample(s.work);
        const executionTime = (n: number): number => downeyExecutionTime(work, n, A, sigma);
        // The job asks for its average parallelism; it can use up to the largest useful size.
        const size = Math.min(processors, Math.max(1, Math.round(A)));
        const runtime = executionTime(size);
        return {
          id,
          submit,
          size,
          minSize: 1,
          maxSize: Math.max(size, downeyMaxUsefulSize(A, sigma)),
          runtime,
          // No user estimates in Downey's model: unknown, so the runtime does not leak.
          estimate: Number.POSITIVE_INFINITY,
          executionTime,
          traits: { work, parallelism: A, sigma },
          traitKnowledge: downey97TraitKnowledge,
        };
      },
    });
  },
});
