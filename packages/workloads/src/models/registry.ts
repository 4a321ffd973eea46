import { UnknownNameError } from '@js/core';
import type * as z from 'zod';
import { downey97 } from './downey-97/model.ts';
import { feitelson96 } from './feitelson96/model.ts';
import { kResourceModel } from './k-resource/model.ts';
import { lublin99 } from './lublin99/model.ts';
import type { WorkloadModel } from './model.ts';
import { multicoreModel } from './multicore/model.ts';
import { parsonsSevcik97 } from './parsons-sevcik-97/model.ts';
import { sevcik94 } from './sevcik-94/model.ts';
import { zhou99 } from './zhou-99/model.ts';

/** Wrapper models find their base through the registry, so they can extend any model. */
export const kResource = kResourceModel((name) => workloadModel(name));
/** The `zeng-sodan-multicore` wrapper model: any base model's jobs with Zeng & Sodan's slowdown traits, processes per node and job types. */
export const zengSodanMulticore = multicoreModel((name) => workloadModel(name));

/** Every workload model of the five papers (and the models they build on), in a fixed order. */
export const workloadModels: readonly WorkloadModel[] = [
  lublin99,
  feitelson96,
  downey97,
  parsonsSevcik97,
  sevcik94,
  zhou99,
  kResource,
  zengSodanMulticore,
];

const byName = new Map(workloadModels.map((m) => [m.name, m]));

/** The model called `name`; an unknown name is an error listing the known ones and the closest. */
export function workloadModel(name: string): WorkloadModel {
  const model = byName.get(name);
  if (model) return model;
  const known = [...byName.keys()];
  throw UnknownNameError.among('workload model', name, known);
}

/** One model as `schedlab list` shows it. */
export interface ModelListing {
  readonly name: string;
  readonly summary: string;
  readonly source: string;
  /** The model's definition of offered load. */
  readonly load: string;
  readonly streams: readonly string[];
  /** The options schema (as a discipline's: `z.toJSONSchema` gives types, defaults, descriptions). */
  readonly options: z.ZodObject;
  /** Every option's default, the paper's value (options without one are left out). */
  readonly defaults: Readonly<Record<string, unknown>>;
}

/** Every model with its options and their defaults. */
export function listModels(): ModelListing[] {
  return workloadModels.map((m) => ({
    name: m.name,
    summary: m.summary,
    source: m.source,
    load: m.load,
    streams: m.streams,
    options: m.options,
    defaults: m.options.parse({}) as Record<string, unknown>,
  }));
}
