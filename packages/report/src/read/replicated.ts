import * as z from 'zod';
import type { ReplicatedData } from '../model.ts';
import { validate } from './json.ts';

// JSON writes NaN and ±Infinity as null: a mean with no value, a half-width with no bound
// (fewer than two replications).
const mean = z
  .number()
  .nullable()
  .transform((v) => v ?? Number.NaN);
const halfWidth = z
  .number()
  .nullable()
  .transform((v) => v ?? Number.POSITIVE_INFINITY);

/** The part of a `run --replicate --json` report (the app's ReplicatedReport) a report draws. */
export const replicatedReportSchema = z.object({
  discipline: z.string(),
  workload: z.string(),
  statistic: z.string(),
  stop: z.string(),
  replications: z.number().int().nonnegative(),
  figures: z.record(
    z.string(),
    z.object({
      mean,
      halfWidth,
      confidence: z.number().gt(0).lt(1),
      replications: z.number().int().nonnegative(),
    }),
  ),
});

/** Whether a JSON value is a replicated run (it has figures with intervals and the replications' summaries). */
export const isReplicated = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  'figures' in value &&
  'replications' in value;

/** A replicated run as read; `at` locates it in a list (`[1]`). */
export function replicatedFromReport(value: unknown, source: string, at = ''): ReplicatedData {
  const r = validate(replicatedReportSchema, value, source, at);
  return {
    label: r.discipline,
    source,
    workload: r.workload,
    statistic: r.statistic,
    stop: r.stop,
    replications: r.replications,
    figures: r.figures,
  };
}
