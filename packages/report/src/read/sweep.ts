import * as z from 'zod';
import type { SweepData } from '../model.ts';
import { validate } from './json.ts';

// A saturated cell's mean is unbounded and a missing figure NaN: both null in JSON.
const figure = z
  .number()
  .nullable()
  .transform((v) => v ?? Number.NaN);

/** A sweep's `summary.json` (written by `schedlab summarize`). */
export const sweepSummarySchema = z.object({
  sweep: z.string(),
  confidence: z.number().gt(0).lt(1),
  missingCells: z.number().int().nonnegative(),
  rows: z.array(
    z.object({
      metric: z.string(),
      workload: z.string(),
      discipline: z.string(),
      load: z.number(),
      seeds: z.number().int().nonnegative(),
      mean: figure,
      halfWidth: figure,
    }),
  ),
});

export const isSweepSummary = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'sweep' in value && 'rows' in value;

export function sweepFromSummary(value: unknown, source: string): SweepData {
  const summary = validate(sweepSummarySchema, value, source);
  return {
    name: summary.sweep,
    source,
    confidence: summary.confidence,
    missingCells: summary.missingCells,
    rows: summary.rows,
  };
}
