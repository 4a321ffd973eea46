import { type Job, parseOptions, RandomStreams } from '@js/core';
import * as z from 'zod';
import { seedSchema } from '../synthetic/options.ts';
import type { ModelResource, ModelSampler, ModelTopology, WorkloadModel } from './model.ts';
import { workloadModel } from './registry.ts';

/** How to generate a model's jobs: its options, how many jobs, at what load, with which seed. */
export const modelWorkloadSettingsSchema = z.strictObject({
  /** The model's options (validated by its own schema; defaults are the paper's values). */
  options: z.record(z.string(), z.unknown()).default({}),
  /** Number of jobs (submissions). */
  jobs: z.int().positive().default(10_000),
  /** Offered load by the model's definition; default: the model's own arrival rate. */
  load: z.number().positive().optional(),
  /** Machine size, overriding the `processors` option (every model has one; nodes for multi-core). */
  processors: z.int().positive().optional(),
  /** Run seed: every purpose draws from its own stream named under it. */
  seed: seedSchema.default(1),
});
/** Model workload settings as a caller writes them: options, job count, offered load, processors and seed, each optional. */
export type ModelWorkloadSettings = z.input<typeof modelWorkloadSettingsSchema>;

/** A model's job stream, ready to run or write. */
export interface ModelWorkload {
  readonly model: WorkloadModel;
  /** The validated options, every default filled in. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly sampler: ModelSampler;
  readonly seed: number | string;
  readonly count: number;
  /** Machine size the jobs are for. */
  readonly processors: number;
  readonly resources?: readonly ModelResource[];
  readonly topology?: ModelTopology;
  /** Factor on every inter-arrival time relative to the model's own rate (1: unchanged). */
  readonly arrivalScale: number;
  /** Offered load of this stream, by the model's definition (`model.load`). */
  readonly offeredLoad: number;
  readonly meanInterarrival: number;
  /** The jobs in submit order; every iteration regenerates them from the seed, identically. */
  readonly jobs: Iterable<Job>;
}

/**
 * Generate a model's jobs: `modelWorkload('sevcik-94', { options: { workload: 'WK2' }, jobs: 20000,
 * load: 0.7, seed: 3 })`. Invalid options fail with an OptionsError naming the model, the option
 * path, the value and what is allowed; an unknown model name lists the known ones.
 */
export function modelWorkload(
  model: string | WorkloadModel,
  settings?: ModelWorkloadSettings,
): ModelWorkload {
  const definition = typeof model === 'string' ? workloadModel(model) : model;
  const s = parseOptions(`model workload '${definition.name}'`, modelWorkloadSettingsSchema, settings);
  const input = s.processors === undefined ? s.options : { ...s.options, processors: s.processors };
  const options = parseOptions(`model '${definition.name}'`, definition.options, input) as Record<
    string,
    unknown
  >;
  const workload = bind(definition, options, definition.create(options), s.seed, s.jobs, 1);
  return s.load === undefined ? workload : atLoad(workload, s.load);
}

const loadSchema = z.strictObject({ load: z.number().positive() });

/**
 * The same workload at offered load ρ, by the model's own definition of load: every inter-arrival
 * time is scaled by (current load)/ρ — Poisson models change their rate, Lublin–Feitelson its
 * rush-hour gaps inside the unchanged daily cycle. Sizes, runtimes and every other draw stay the same.
 */
export function atLoad(workload: ModelWorkload, load: number): ModelWorkload {
  const { load: target } = parseOptions(`atLoad('${workload.model.name}')`, loadSchema, { load });
  const scale = (workload.arrivalScale * workload.offeredLoad) / target;
  return bind(workload.model, workload.options, workload.sampler, workload.seed, workload.count, scale);
}

function bind(
  model: WorkloadModel,
  options: Record<string, unknown>,
  sampler: ModelSampler,
  seed: number | string,
  count: number,
  arrivalScale: number,
): ModelWorkload {
  return {
    model,
    options,
    sampler,
    seed,
    count,
    processors: sampler.processors,
    resources: sampler.resources,
    topology: sampler.topology,
    arrivalScale,
    offeredLoad: sampler.offeredLoad / arrivalScale,
    meanInterarrival: sampler.meanInterarrival * arrivalScale,
    jobs: {
      [Symbol.iterator]: () =>
        sampler.generate(new RandomStreams(seed), count, arrivalScale)[Symbol.iterator](),
    },
  };
}

/** A workload file's model entry: `{ "kind": "model", "model": "lublin99", "jobs": 10000, "load": 0.8 }`. */
export const modelWorkloadSpecSchema = z.strictObject({
  kind: z.literal('model'),
  name: z.string().min(1).optional(),
  model: z.string().min(1),
  options: z.record(z.string(), z.unknown()).default({}),
  jobs: z.int().positive().default(10_000),
  load: z.number().positive().optional(),
  processors: z.int().positive().optional(),
});
/** A validated `{ "kind": "model" }` workload-file entry. */
export type ModelWorkloadSpec = z.infer<typeof modelWorkloadSpecSchema>;
