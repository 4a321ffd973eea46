import type { Job } from '@js/core';
import * as z from 'zod';
import { exponentialDraw } from '../../distributions/exponential.ts';
import { defineModel } from '../model.ts';
import { baseModelOptions, createBase, type ModelResolver } from '../wrapper.ts';

/**
 * Leinberger, Karypis & Kumar, "Job Scheduling in the Presence of Multiple Resource Requirements",
 * §3.1: each job of the base model (there: Feitelson 1996) gets a vector of K requirements, K ∈
 * {2, 4, 8}, from K random numbers drawn from a uniform or an exponential law and scaled with the
 * job's size.
 *
 * How processors relate to the K resources: the job keeps its processors (`size`, allocated by the
 * engine as always) and asks *in addition* for amounts of K named resources r1…rK (or `names`), each
 * of capacity C (default C = P, so amounts read in processor units). Requirement i is
 * min(C, xᵢ · size · C/P): a job's share of each resource is a random multiple xᵢ of its share of
 * the processors. The paper does not give the laws' parameters: xᵢ is uniform on [0, 2m) or
 * exponential with mean m, m = `meanFactor` = 0.5 (our value: uniform draws then never exceed the
 * job's processor share; exponential ones are "mostly small", §3.3, and clamped to C). The paper's
 * machine is "shared-everything": its K resources are all there is (CPUs, where they count, are
 * one of them). So the machine for these jobs has the K resources and P × `processorFactor`
 * processors (default 16 × P, sizes still drawn for P): the K resources bind, the processors do
 * not. With factor 1 a job's share of each resource (uniform draws) stays below its share of the
 * processors, and processors would bind first, leaving the K resources nothing to decide.
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
      meanFactor: z
        .number()
        .positive()
        .default(0.5)
        .describe('mean m of each draw xᵢ (uniform on [0, 2m), or exponential); our value'),
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
      const span = 2 * o.meanFactor;
      const uniform = o.distribution === 'uniform';
      const mean = o.meanFactor;
      return {
        processors: P * o.processorFactor,
        resources: names.map((name) => ({ name, capacity })),
        topology: base.topology,
        offeredLoad: base.offeredLoad,
        meanInterarrival: base.meanInterarrival,
        *generate(streams, count, arrivalScale) {
          const draws = streams.stream('k-resource.requirements');
          for (const job of base.generate(streams, count, arrivalScale)) {
            const resources: Record<string, number> = Object.assign({}, job.resources);
            const share = job.size * unit;
            for (const name of names) {
              const x = uniform ? draws.next() * span : exponentialDraw(mean, draws.next());
              resources[name] = Math.min(capacity, x * share);
            }
            // Object.assign, not spread: spread copies of job records measured 5× slower here.
            const extended: Job = Object.assign({}, job, { resources });
            yield extended;
          }
        },
      };
    },
  });
}
