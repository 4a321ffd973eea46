import type { TraitKnowledge } from '@js/core';
import * as z from 'zod';
import { hyperexponentialMixture } from '../../distributions/hyperexponential.ts';
import { type SpeedupShape, speedupShapeSchema } from '../../speedup/spec.ts';
import { defineModel } from '../model.ts';
import { arrivalsStream, poissonSampler } from '../poisson.ts';

/**
 * Anastasiadis & Sevcik, "Parallel Application Scheduling on Networks of Workstations", §5.2 and
 * Table 3: the speedup shape μ of each workload. WK4 mixes the three with equal frequency.
 */
export const sevcik94Workloads: Readonly<Record<'WK1' | 'WK2' | 'WK3' | 'WK4', readonly SpeedupShape[]>> = {
  WK1: ['infinity'],
  WK2: [0.4],
  WK3: [0.2],
  WK4: ['infinity', 0.4, 0.2],
};

/**
 * Who may see each trait (one object shared by every job): the work W is the service demand; α
 * and β are seconds (β = W / p_max², so with the visible p_max they would give W away): only with
 * both demand and speedup knowledge, Anastasiadis & Sevcik's level 2; φ is a shape factor;
 * p_max is visible, as Anastasiadis & Sevcik assume every policy knows each job's maximum
 * parallelism.
 */
export const sevcik94TraitKnowledge: Readonly<Record<string, TraitKnowledge>> = Object.freeze({
  work: 'demand',
  alpha: 'demand+speedup',
  beta: 'demand+speedup',
  phi: 'speedup',
  maxParallelism: 'visible',
});

/**
 * Sevcik's execution-time model as Anastasiadis & Sevcik use it (§5.2, Table 3):
 * T(p) = φ·W/p + α + β·p with φ = 1, β = W/p_max², α = W·(1/p_max²)^μ; W hyper-exponential
 * (1/8 large jobs of mean 101, 7/8 small of mean 1.3, thousands of seconds; §5.2 from the NASA Ames
 * iPSC/860 statistics); p_max ∈ {4, 16, 64} equally likely; P = 32; Poisson arrivals (§5.3).
 *
 * The paper has no user runtime estimates: what its policies know is the execution-time function
 * (SDF orders by T(1)), which a discipline sees through the `demand` and `speedup` knowledge
 * settings. Every job's `estimate` is therefore Infinity (unknown; SWF field 9 = -1); the run's
 * `knowledge.runtimes: 'exact'` (CLI `--exact-runtimes`) shows disciplines the true runtimes.
 */
export const sevcik94Options = z
  .strictObject({
    processors: z.int().positive().default(32).describe('machine size P (Table 3: 32 workstations)'),
    workload: z
      .enum(['WK1', 'WK2', 'WK3', 'WK4'])
      .default('WK4')
      .describe('speedup mix (§5.2): WK1 μ = ∞, WK2 μ = 0.4, WK3 μ = 0.2, WK4 the three equally often'),
    mu: z
      .array(speedupShapeSchema)
      .min(1)
      .optional()
      .describe('speedup shapes μ, equally likely, overriding the workload’s ("infinity" for α = 0)'),
    maxParallelism: z
      .array(z.int().positive())
      .min(1)
      .default([4, 16, 64])
      .describe('p_max values, equally likely (§5.2: 4, 16, 64)'),
    largeJobFraction: z
      .number()
      .min(0)
      .max(1)
      .default(0.125)
      .describe('share of large jobs in W’s hyper-exponential (§5.2: 1/8)'),
    largeJobWork: z
      .number()
      .positive()
      .default(101)
      .describe('mean W of large jobs, in work units (§5.2: 101)'),
    smallJobWork: z
      .number()
      .positive()
      .default(1.3)
      .describe('mean W of small jobs, in work units (§5.2: 1.3)'),
    workUnit: z
      .number()
      .positive()
      .default(1000)
      .describe('seconds per work unit (§5.2: thousands of seconds)'),
    phi: z.number().positive().default(1).describe('φ, the work imbalance factor (§5.2: taken equal to one)'),
    load: z
      .number()
      .positive()
      .default(0.5)
      .describe('offered load E[T(1)]/(P × mean interarrival) (eq. 10); the paper runs 0.1…0.9'),
  })
  .refine((o) => o.maxParallelism.every((p) => p > 1), {
    message: 'p_max must be > 1 (α = W·(1/p_max²)^μ is defined for p_max > 1, §5.2)',
    path: ['maxParallelism'],
  });

export const sevcik94Streams = {
  arrivals: arrivalsStream,
  work: 'work',
  parallelism: 'parallelism',
  speedups: 'speedups',
} as const;

/** (1/p_max²)^μ, with μ = ∞ giving 0. */
const alphaFactor = (c: number, mu: SpeedupShape): number => (mu === 'infinity' ? 0 : c ** mu);

/** The `sevcik-94` workload model: malleable jobs with T(p) = φW/p + α + βp and the presets WK1–WK4 of Anastasiadis & Sevcik. */
export const sevcik94 = defineModel({
  name: 'sevcik-94',
  summary:
    'malleable jobs with T(p) = φW/p + α + βp, hyper-exponential work, p_max ∈ {4,16,64}; presets WK1–WK4',
  source:
    'Anastasiadis & Sevcik, Parallel Application Scheduling on Networks of Workstations, §5.2–5.3, Table 3',
  load: 'Load = E[T(1)] / (P × mean interarrival time) (eq. 10), E[T(1)] = φE[W] + E[α] + E[β]',
  streams: Object.values(sevcik94Streams),
  options: sevcik94Options,
  create(o) {
    const shapes = o.mu ?? sevcik94Workloads[o.workload];
    const pmaxValues = o.maxParallelism;
    const work = hyperexponentialMixture([
      { probability: o.largeJobFraction, mean: o.largeJobWork * o.workUnit },
      { probability: 1 - o.largeJobFraction, mean: o.smallJobWork * o.workUnit },
    ]);
    // E[T(1)] by total expectation over the independent, equally likely p_max and μ (§5.3).
    let meanC = 0;
    let meanAlphaFactor = 0;
    for (const p of pmaxValues) {
      const c = 1 / (p * p);
      meanC += c / pmaxValues.length;
      for (const mu of shapes) meanAlphaFactor += alphaFactor(c, mu) / (pmaxValues.length * shapes.length);
    }
    const meanT1 = work.mean * (o.phi + meanC + meanAlphaFactor);
    const meanInterarrival = meanT1 / (o.processors * o.load);
    const { phi, processors } = o;
    return poissonSampler({
      processors: o.processors,
      load: o.load,
      meanInterarrival,
      streams: sevcik94Streams,
      job: (id, submit, s) => {
        const w = work.sample(s.work);
        const pmax = pmaxValues[Math.floor(s.parallelism.next() * pmaxValues.length)]!;
        const mu = shapes[Math.floor(s.speedups.next() * shapes.length)]!;
        const c = 1 / (pmax * pmax);
        const beta = w * c;
        const alpha = w * alphaFactor(c, mu);
        const phiW = phi * w;
        const executionTime = (p: number): number => phiW / p + alpha + beta * p;
        // T(p) is least at p = p_max (eq. 6), the natural request; the machine caps it.
        const size = Math.min(pmax, processors);
        const runtime = executionTime(size);
        return {
          id,
          submit,
          size,
          minSize: 1,
          maxSize: pmax,
          runtime,
          // No user estimates in Anastasiadis & Sevcik: unknown, so the runtime does not leak.
          estimate: Number.POSITIVE_INFINITY,
          executionTime,
          traits: { work: w, alpha, beta, phi, maxParallelism: pmax },
          traitKnowledge: sevcik94TraitKnowledge,
        };
      },
    });
  },
});
