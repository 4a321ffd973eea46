import { parseOptions } from '@js/core';
import * as z from 'zod';
import type { ModelSampler, WorkloadModel } from './model.ts';

/** Finds a model by name (the registry's lookup, handed to wrappers so they can wrap any model). */
export type ModelResolver = (name: string) => WorkloadModel;

/** The options every wrapper model shares: which model it extends, with what options. */
export function baseModelOptions(defaultBase: string, defaultBaseOptions: Record<string, unknown> = {}) {
  return {
    base: z.string().min(1).default(defaultBase).describe('the model whose jobs are extended'),
    baseOptions: z
      .record(z.string(), z.unknown())
      .default(defaultBaseOptions)
      .describe('options of the base model (validated by its own schema)'),
    processors: z
      .int()
      .positive()
      .optional()
      .describe('machine size of the base model, overriding baseOptions.processors'),
  };
}

/** Build the base model of a wrapper; bad base options fail naming the base model and the wrapper. */
export function createBase(
  resolve: ModelResolver,
  wrapper: string,
  o: { base: string; baseOptions: Record<string, unknown>; processors?: number | undefined },
): ModelSampler {
  const model = resolve(o.base);
  const input = o.processors === undefined ? o.baseOptions : { ...o.baseOptions, processors: o.processors };
  return model.create(
    parseOptions(`model '${model.name}' (baseOptions of '${wrapper}')`, model.options, input),
  );
}
