import type { Job } from '@js/core';
import * as z from 'zod';
import { exponentialDraw } from '../../distributions/exponential.ts';
import { defineModel } from '../model.ts';
import { baseModelOptions, createBase, type ModelResolver } from '../wrapper.ts';

/** m when `meanFactor` is not given (our value; the paper gives none). */
const DEFAULT_MEAN_FACTOR = 0.5;

/**
 * Leinberger, Karypis & Kumar, "Job Scheduling in the Presence of Multiple Resource Requirements",
 * §3.1: each job of the base model (there: Feitelson 1996) gets a vector of K requirements, K ∈
 * {2, 4, 8}, from K random numbers drawn from a uniform or an exponential law and scaled with the
 * job's size.
 *
 * How the K numbers are "scaled with the job size" (§3.1) the paper does not say; option `scaling`:
 * - `independent` (default): each number xᵢ times the job's processor share, xᵢ uniform on
 *   [0, 2m) or exponential with mean m (m = `meanFactor`, 0.5). Both laws then have the same mean
 *   per resource, and a vector's numbers are no larger under one law than the other on average.
 * - `largest`: the numbers divided by their largest, times the job's processor share. The job's
 *   largest requirement is its share, as on the machines the Feitelson model describes, where "a
 *   job was allocated the minimum number of nodes required to meet its largest resource
 *   requirement" (Abstract); the others are fractions of it. Uniform fractions average 1/2,
 *   exponential ones less (0.39 at K = 2, 0.31 at K = 8): the paper's "the uniform distribution
 *   results in more of the K_i s being *large*", "the exponential distribution creates K_i s
 *   which are mostly *small*" (§3.3.2). Scale-free: `meanFactor` does not apply and is refused.
 * - `mean`: the numbers divided by their mean, times m × the job's share: every job's average
 *   requirement is m × its share, and the law only shapes how unevenly the K resources share it.
 *
 * Measured (FCFS/BB-EASY against FCFS/FF-EASY, K = 4 and 8, queue 128 and 256, 20 seeds): at
 * m = 0.5 none of the three makes BB gain more with uniform than with exponential numbers, as the
 * paper finds (§3.3.2: "approximately 10% higher"); the laws differ by −4…+4 points, within the
 * noise. The scale matters more: `independent` at m = 1 (each requirement on average the job's
 * share) gives BB 2–6 points more with uniform numbers in all four cells.
 *
 * How processors relate to the K resources: the job keeps its processors (`size`, allocated by the
 * engine as always) and asks *in addition* for amounts of K named resources r1…rK (or `names`), each
 * of capacity C (default C = P, so amounts read in processor units). Requirement i is
 * min(C, sᵢ · size · C/P), sᵢ the i-th number once scaled: a job's share of each resource is a
 * random multiple sᵢ of its share of the processors. The paper does not give the laws'
 * parameters; m = 0.5 is our value (uniform draws then never exceed the job's processor share,
 * exponential ones are clamped to C). The paper's machine is "shared-everything": its K
 * resources are all there is (CPUs, where they count, are one of them). So the machine for these
 * jobs has the K resources and P × `processorFactor` processors (default 16 × P, sizes still
 * drawn for P): the K resources bind, the processors do not. With factor 1 a job's share of each
 * resource (uniform draws) stays below its share of the processors, and processors would bind
 * first, leaving the K resources nothing to decide.
 *
 * Each job keeps the base job's `estimate` (Feitelson 1996 has none: Infinity, unknown). The
 * paper's backfilling protects "the expected start time" of a blocked job (§2.1) without saying
 * where runtimes come from; run with `knowledge.runtimes: 'exact'` (CLI `--exact-runtimes`) to
 * give disciplines the true runtimes.
 */
export function kResourceModel(resolve: ModelResolver) {
  const options = z
    .strictObject({
      ...baseModelOptions('feitelson96'),
      k: z.int().min(1).default(4).describe('number of resources K (§3.1: 2, 4 or 8)'),
      distribution: z
        .enum(['uniform', 'exponential'])
        .default('uniform')
        .describe('law of the K random numbers (§3.1: uniform or exponential)'),
      scaling: z
        .enum(['independent', 'largest', 'mean'])
        .default('independent')
        .describe(
          'how the K numbers are "scaled with the job size" (§3.1): independent = each times the job’s processor share; largest = divided by their largest, then times the share (the largest requirement is the share); mean = divided by their mean, then times meanFactor × the share',
        ),
      meanFactor: z
        .number()
        .positive()
        .optional()
        .describe(
          `mean m of each draw xᵢ (uniform on [0, 2m), or exponential); default ${DEFAULT_MEAN_FACTOR}, our value; not with scaling 'largest'`,
        ),
      capacity: z.number().positive().optional().describe('capacity of every resource; default P'),
      processorFactor: z
        .int()
        .min(1)
        .default(16)
        .describe(
          'the machine has P × this many processors, sizes drawn for P: at 16 only the K resources bind (the paper’s shared-everything machine); 1 lets processors bind too',
        ),
      names: z
        .array(z.string().min(1))
        .optional()
        .describe('resource names, one per resource; default r1…rK'),
    })
    .refine((o) => o.scaling !== 'largest' || o.meanFactor === undefined, {
      message: "has no effect with scaling 'largest' (the largest requirement is the job's processor share)",
      path: ['meanFactor'],
    })
    .refine((o) => o.names === undefined || o.names.length === o.k, {
      message: 'names must have one entry per resource (k)',
      path: ['names'],
    })
    .refine((o) => o.names === undefined || new Set(o.names).size === o.names.length, {
      message: 'resource names must be distinct',
      path: ['names'],
    })
    .refine((o) => o.names === undefined || !o.names.includes('processors'), {
      message: "'processors' is not a resource name (processors are the job's size)",
      path: ['names'],
    });

  return defineModel({
    name: 'k-resource',
    summary: 'any model plus a K-resource requirement vector per job, uniform or exponential, scaled by size',
    source:
      'Leinberger, Karypis & Kumar, Job Scheduling in the Presence of Multiple Resource Requirements, §3.1',
    load: 'the base model’s (processors); the K resources add no arrivals',
    streams: ['k-resource.requirements'],
    options,
    create(o) {
      const base = createBase(resolve, 'k-resource', o);
      const P = base.processors;
      const capacity = o.capacity ?? P;
      const names = o.names ?? Array.from({ length: o.k }, (_, i) => `r${i + 1}`);
      const unit = capacity / P;
      const draw = drawOf(o.distribution, o.meanFactor ?? DEFAULT_MEAN_FACTOR);
      const scale = scaleOf(o.scaling, o.meanFactor ?? DEFAULT_MEAN_FACTOR);
      return {
        processors: P * o.processorFactor,
        resources: names.map((name) => ({ name, capacity })),
        topology: base.topology,
        offeredLoad: base.offeredLoad,
        meanInterarrival: base.meanInterarrival,
        *generate(streams, count, arrivalScale) {
          const draws = streams.stream('k-resource.requirements');
          const x = new Float64Array(names.length);
          for (const job of base.generate(streams, count, arrivalScale)) {
            const resources: Record<string, number> = Object.assign({}, job.resources);
            for (let i = 0; i < x.length; i++) x[i] = draw(draws.next());
            const factor = scale(x) * job.size * unit;
            for (let i = 0; i < names.length; i++) resources[names[i]!] = Math.min(capacity, x[i]! * factor);
            // Object.assign, not spread: spread copies of job records measured 5× slower here.
            const extended: Job = Object.assign({}, job, { resources });
            yield extended;
          }
        },
      };
    },
  });
}

/** One number xᵢ from a uniform u ∈ [0, 1): uniform on [0, 2m) or exponential with mean m. */
function drawOf(distribution: 'uniform' | 'exponential', m: number): (u: number) => number {
  const span = 2 * m;
  return distribution === 'uniform' ? (u) => u * span : (u) => exponentialDraw(m, u);
}

/**
 * What multiplies the K numbers before the job's processor share (see `scaling` above). All
 * numbers 0 (possible, if improbable, for uniform draws) give a job that asks for nothing.
 */
function scaleOf(scaling: 'independent' | 'largest' | 'mean', m: number): (x: Float64Array) => number {
  if (scaling === 'independent') return () => 1;
  if (scaling === 'largest')
    return (x) => {
      let largest = 0;
      for (const v of x) largest = Math.max(largest, v);
      return largest > 0 ? 1 / largest : 0;
    };
  return (x) => {
    let sum = 0;
    for (const v of x) sum += v;
    return sum > 0 ? (m * x.length) / sum : 0;
  };
}
