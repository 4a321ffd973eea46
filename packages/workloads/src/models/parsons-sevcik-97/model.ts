import type { TraitKnowledge } from '@js/core';
import * as z from 'zod';
import { hyperexponentialDistribution } from '../../distributions/hyperexponential.ts';
import { defineModel } from '../model.ts';
import { arrivalsStream, poissonSampler } from '../poisson.ts';
import { amdahl, fitSevcik, poorSpeedupClass, type SpeedupPoint, sevcikShape, widest } from './speedup.ts';

const speedupPoint = z.strictObject({
  processors: z.number().positive(),
  speedup: z.number().positive(),
});

/**
 * Who may see each trait (one object shared by every job): D is the service demand; whether the job
 * has the good or the poor speedup curve is its speedup knowledge (§5: the four knowledge cases).
 */
export const parsonsSevcik97TraitKnowledge: Readonly<Record<string, TraitKnowledge>> = Object.freeze({
  demand: 'demand',
  goodSpeedup: 'speedup',
});

/**
 * The same under `poorSpeedupLaw: 'amdahl'`, where both classes follow Amdahl's law and the speedup
 * knowledge is, as §5 puts it, "the fraction of work that is sequential": `serialFraction` (the
 * name the synthetic Amdahl jobs use).
 */
export const parsonsSevcik97AmdahlTraitKnowledge: Readonly<Record<string, TraitKnowledge>> = Object.freeze({
  ...parsonsSevcik97TraitKnowledge,
  serialFraction: 'speedup',
});

/**
 * Parsons & Sevcik, "Implementing Multiprocessor Scheduling Disciplines", §6 and §6.1. Sizes are in
 * *simulated* processors (the 16 workstations); each stands for `processorScale` = 8 real ones, so
 * every allocation is a multiple of 8 real processors and execution times are computed on the real
 * count: T(k) = D·g(8k) with D the service demand on one real processor.
 *
 * The paper has no user runtime estimates, so every job's `estimate` is Infinity (unknown; SWF
 * field 9 = -1): what a policy knows is the demand and speedup, through the `demand` and `speedup`
 * knowledge settings (§5's four cases); `knowledge.runtimes: 'exact'` (CLI `--exact-runtimes`)
 * shows disciplines the true runtimes.
 *
 * The poor class has two readings (`poorSpeedupLaw`). §6.1 gives "6.4 on 8 processors and 9.3 on
 * 128", which no Amdahl law meets; §5 specifies speedup as "the fraction of work that is
 * sequential", and §6.2 caps a poor job's efficiency on eight processors at 58 %: Amdahl through
 * 9.3 on 128 (s ≈ 0.1005) gives 58.7 % there and 6.38 on 16, the fit gives 80 % (6.4 on 8). The
 * default, 'fitted', keeps §6.1's two numbers; 'amdahl' keeps §5, §6.2 and the 128 point.
 */
export const parsonsSevcik97Options = z
  .strictObject({
    processors: z.int().positive().default(16).describe('simulated processors (§6: sixteen workstations)'),
    processorScale: z
      .int()
      .positive()
      .default(8)
      .describe('real processors per simulated one (§6: each processor corresponds to eight)'),
    maxProcessors: z
      .int()
      .positive()
      .optional()
      .describe('maximum allocation of every job, simulated processors (§6.1: sixteen; default P)'),
    meanDemand: z.number().positive().default(8000).describe('mean service demand, seconds (§6.1: 8000 s)'),
    demandCv: z.number().default(4).describe('CV of the hyper-exponential demand (§6.1: 4)'),
    goodSpeedupFraction: z
      .number()
      .min(0)
      .max(1)
      .default(0.75)
      .describe('share of jobs with good speedup (§6.1: 75 %)'),
    goodSequentialFraction: z
      .number()
      .min(0)
      .max(1)
      .default(0.001)
      .describe('sequential work of good-speedup jobs (§6.1: 0.1 %, speedup 114 on 128)'),
    poorSpeedup: z
      .array(speedupPoint)
      .length(2)
      .default([
        { processors: 8, speedup: 6.4 },
        { processors: 128, speedup: 9.3 },
      ])
      .describe('two measured speedups of the poor class (§6.1: 6.4 on 8, 9.3 on 128 real processors)'),
    poorSpeedupLaw: z
      .enum(['fitted', 'amdahl'])
      .default('fitted')
      .describe(
        "the poor class's speedup law. 'fitted': a/p + α + βp through both poorSpeedup points (§6.1's numbers; speedup peaks at 13.1 near 42 real processors, efficiency 80 % on 8). 'amdahl': Amdahl's law (§5: speedup knowledge is the sequential fraction of the work; §6.2: at most 58 % efficiency on 8), which cannot also give 6.4 on 8",
      ),
    poorSequentialFraction: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        "sequential work of poor-speedup jobs, only under poorSpeedupLaw 'amdahl' (default: fitted to the poorSpeedup point on the most processors, 9.3 on 128: ≈ 0.1005, so 4.70 on 8 and 6.38 on 16)",
      ),
    longJob: z
      .strictObject({
        demand: z
          .number()
          .positive()
          .default(265_000)
          .describe(
            'its service demand, seconds (§6.2: "one job had a sequential service demand of 265000 seconds")',
          ),
        among: z
          .int()
          .positive()
          .default(200)
          .describe(
            'it is one of the first `among` arrivals (the tagged ones), which one drawn uniformly from the `long-job` stream',
          ),
        minSize: z
          .int()
          .positive()
          .optional()
          .describe(
            'its minimum processor count, simulated processors (default: as drawn; the paper does not give it); its desired count is the drawn one, raised to this minimum if below',
          ),
        size: z
          .int()
          .positive()
          .optional()
          .describe(
            'its desired (rigid) processor count, simulated processors (default: as drawn, raised to `minSize`; the paper does not give it); at least `minSize`, and a drawn minimum above it is lowered to it',
          ),
      })
      .optional()
      .describe(
        "condition the sequence on the paper's long job (§6.2): one of the first `among` jobs gets this demand and poor speedup; its arrival and sizes (unless `minSize` is given), and every other job, stay as drawn",
      ),
    load: z
      .number()
      .positive()
      .default(0.2)
      .describe(
        'offered load λ·E[D]/(P·scale); the paper says only "moderately heavy": 0.2 occupies ≈ 66 % of the machine at the desired sizes (`schedlab reproduce parsons-sevcik-97` runs 0.25)',
      ),
  })
  .refine((o) => o.demandCv >= 1, {
    message: 'a hyper-exponential has CV ≥ 1 (§6.1 uses 4)',
    path: ['demandCv'],
  })
  .refine((o) => (o.longJob?.minSize ?? 1) <= (o.maxProcessors ?? o.processors), {
    message: "the long job's minimum must be ≤ the maximum allocation",
    path: ['longJob', 'minSize'],
  })
  .refine((o) => (o.longJob?.size ?? 1) <= (o.maxProcessors ?? o.processors), {
    message: "the long job's desired count must be ≤ the maximum allocation",
    path: ['longJob', 'size'],
  })
  .refine((o) => o.longJob?.size === undefined || o.longJob.size >= (o.longJob.minSize ?? 1), {
    message: "the long job's desired count must be ≥ its minimum",
    path: ['longJob', 'size'],
  })
  .refine((o) => (o.maxProcessors ?? o.processors) <= o.processors, {
    message: 'maxProcessors must be ≤ processors',
    path: ['maxProcessors'],
  })
  .refine((o) => o.poorSequentialFraction === undefined || o.poorSpeedupLaw === 'amdahl', {
    message: "poorSequentialFraction applies only under poorSpeedupLaw 'amdahl'",
    path: ['poorSequentialFraction'],
  })
  .refine(
    (o) => {
      if (o.poorSpeedupLaw !== 'amdahl' || o.poorSequentialFraction !== undefined) return true;
      const { processors: p, speedup } = widest(o.poorSpeedup);
      return p > 1 && speedup >= 1 && speedup <= p;
    },
    {
      message:
        "under poorSpeedupLaw 'amdahl' the point on the most processors (p > 1) needs 1 ≤ speedup ≤ p, for a sequential fraction in [0, 1]",
      path: ['poorSpeedup'],
    },
  )
  .refine(
    (o) => {
      // Only the fitted law uses both points.
      if (o.poorSpeedupLaw !== 'fitted') return true;
      const [p, q] = o.poorSpeedup;
      if (!p || !q || p.processors === q.processors || p.processors === 1 || q.processors === 1) return false;
      const g = sevcikShape(fitSevcik(p.processors, p.speedup, q.processors, q.speedup));
      const top = (o.maxProcessors ?? o.processors) * o.processorScale;
      for (let k = 1; k <= top; k++) if (!(g(k) > 0)) return false;
      return true;
    },
    {
      message:
        'the poor-speedup points need two different processor counts above 1 whose fit a/p + α + βp stays positive',
      path: ['poorSpeedup'],
    },
  );

export const parsonsSevcik97Streams = {
  arrivals: arrivalsStream,
  demands: 'demands',
  sizes: 'sizes',
  speedups: 'speedups',
  longJob: 'long-job',
} as const;

/** The `parsons-sevcik-97` workload model: adaptive jobs with hyper-exponential demand, processor bounds and good or poor speedup. */
export const parsonsSevcik97 = defineModel({
  name: 'parsons-sevcik-97',
  summary:
    'adaptive jobs: hyper-exponential demand (mean 8000 s, CV 4), min/desired/max processors, good/poor speedup',
  source: 'Parsons & Sevcik, Implementing Multiprocessor Scheduling Disciplines, §6 and §6.1',
  load: 'λ·E[D] / (P × scale): service demand per second over the real processors (Sevcik’s definition, as in eq. 10 of Anastasiadis & Sevcik); the minimum makespan of 65,412 s in §6.2 bounds the last of 200 tagged arrivals, so the load is at least ≈ 0.19 (0.2: arrivals over ≈ 62,500 s); it is no upper bound, as a long poor-speedup job can set that makespan',
  streams: Object.values(parsonsSevcik97Streams),
  options: parsonsSevcik97Options,
  create(o) {
    const demand = hyperexponentialDistribution({
      kind: 'hyper-exponential',
      mean: o.meanDemand,
      cv: o.demandCv,
    });
    const { g: poor, sequential: poorSequential } = poorSpeedupClass(
      o.poorSpeedupLaw,
      o.poorSpeedup as [SpeedupPoint, SpeedupPoint],
      o.poorSequentialFraction,
    );
    const good = amdahl(o.goodSequentialFraction);
    // Under Amdahl's law both classes carry their sequential fraction as speedup knowledge (§5).
    const traitKnowledge =
      poorSequential === undefined ? parsonsSevcik97TraitKnowledge : parsonsSevcik97AmdahlTraitKnowledge;
    const maxProcessors = o.maxProcessors ?? o.processors;
    const { processorScale: scale, goodSpeedupFraction } = o;
    const meanInterarrival = o.meanDemand / (o.processors * scale * o.load);
    // Which job is the long one (its id, 1-based); drawn with the first job of every pass.
    let longId = 0;
    return poissonSampler({
      processors: o.processors,
      load: o.load,
      meanInterarrival,
      streams: parsonsSevcik97Streams,
      job: (id, submit, s) => {
        if (o.longJob && id === 1) longId = 1 + Math.floor(s.longJob.next() * o.longJob.among);
        // The long job's own draws are made and set aside, so every other job is the one drawn
        // without the condition.
        const isLong = o.longJob !== undefined && id === longId;
        const drawn = demand.sample(s.demands);
        const d = isLong ? o.longJob!.demand : drawn;
        // §6.1: minimum uniform on 1…max; the rigid (desired) count uniform on [min, max].
        const drawnMin = 1 + Math.floor(s.sizes.next() * maxProcessors);
        const drawnSize = drawnMin + Math.floor(s.sizes.next() * (maxProcessors - drawnMin + 1));
        // A chosen desired count below the drawn minimum lowers that minimum to it.
        const minSize = isLong
          ? (o.longJob!.minSize ?? Math.min(drawnMin, o.longJob!.size ?? drawnMin))
          : drawnMin;
        const size = isLong ? (o.longJob!.size ?? Math.max(drawnSize, minSize)) : drawnSize;
        const isGood = s.speedups.next() < goodSpeedupFraction && !isLong;
        const g = isGood ? good : poor;
        const executionTime = (k: number): number => d * g(k * scale);
        const runtime = executionTime(size);
        return {
          id,
          submit,
          size,
          minSize,
          maxSize: maxProcessors,
          runtime,
          // No user estimates in Parsons & Sevcik: the demand is known only through the `demand`
          // knowledge setting, so the estimate must not leak the runtime.
          estimate: Number.POSITIVE_INFINITY,
          executionTime,
          traits: {
            demand: d,
            goodSpeedup: isGood ? 1 : 0,
            ...(poorSequential === undefined
              ? {}
              : { serialFraction: isGood ? o.goodSequentialFraction : poorSequential }),
          },
          traitKnowledge,
        };
      },
    });
  },
});
