import type { Job, RandomStreams } from '@js/core';
import type * as z from 'zod';

/** A named resource besides processors that a model's jobs ask for (the shape of @js/machine's ResourceSpec). */
export interface ModelResource {
  readonly name: string;
  readonly capacity: number;
}

/** Nodes → CPUs → cores, the shape of @js/machine's MachineSpec; processors = product of the three. */
export interface ModelTopology {
  readonly nodes: number;
  readonly cpusPerNode: number;
  readonly coresPerCpu: number;
}

/**
 * A workload model with validated options: the machine it generates for, its own arrival rate and
 * the offered load that rate gives, and the jobs.
 */
export interface ModelSampler {
  /** Machine size the jobs are drawn for, in the processors the engine allocates. */
  readonly processors: number;
  /** Resources besides processors that the jobs ask for (K-resource models). */
  readonly resources?: readonly ModelResource[];
  /** Node structure when processors are cores of multi-core nodes (Zeng–Sodan); absent: flat. */
  readonly topology?: ModelTopology;
  /** Offered load at the model's own arrival rate (arrival scale 1), by the model's definition of load. */
  readonly offeredLoad: number;
  /** Mean time between submissions at the model's own rate, in seconds. */
  readonly meanInterarrival: number;
  /**
   * `count` jobs in submit order, ids 1…count, every random purpose drawn from its own named stream
   * of `streams`. Every inter-arrival time is multiplied by `arrivalScale`, so the offered load is
   * `offeredLoad / arrivalScale`; how a model applies the scale is part of its definition (Poisson
   * models stretch their gaps, Lublin–Feitelson its rush-hour gaps inside the daily cycle).
   */
  generate(streams: RandomStreams, count: number, arrivalScale: number): Iterable<Job>;
}

/**
 * A named workload generator from the literature. `options` is a zod object schema whose defaults
 * are the source paper's values; the option types are inferred from it.
 */
export interface WorkloadModel<S extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly summary: string;
  /** Paper and section the model and its constants come from. */
  readonly source: string;
  /** What offered load means for this model (the numerator of λ·E[·]/P). */
  readonly load: string;
  /** The random streams the model draws from, one per purpose. */
  readonly streams: readonly string[];
  readonly options: S;
  /** Build the model for validated options (the output of `options`). */
  create(options: z.output<S>): ModelSampler;
}

/** Options as a user writes them (defaults optional). */
export type ModelOptionsInput<M extends WorkloadModel> = z.input<M['options']>;
/** Options after validation, with every default filled in. */
export type ModelOptions<M extends WorkloadModel> = z.output<M['options']>;

/** Define a model: identity at run time, but it ties `create`'s options to the schema's output type. */
export const defineModel = <S extends z.ZodObject>(model: WorkloadModel<S>): WorkloadModel<S> => model;
