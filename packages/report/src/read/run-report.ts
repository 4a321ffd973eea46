import * as z from 'zod';
import { summaryMetrics } from '../figures.ts';
import type { RunData } from '../model.ts';

// JSON writes NaN and ±Infinity as null: a figure with no value.
const figure = z
  .number()
  .nullable()
  .transform((v) => v ?? Number.NaN);
const distribution = z.object({ mean: figure, max: figure, p95: figure }).partial();

/** The part of a `run --json` / `compare --json` report a report draws (the app's RunReport). */
export const runReportSchema = z.object({
  discipline: z.string(),
  workload: z.object({ name: z.string(), processors: z.number().int().positive() }),
  result: z.object({
    status: z.string(),
    counters: z.record(z.string(), z.record(z.string(), figure)),
  }),
  summary: z.object({
    status: z.string(),
    wait: distribution,
    response: distribution,
    boundedSlowdown: distribution,
    resourceWeightedResponseTime: figure.optional(),
    utilisation: z.object({ processors: figure }),
    meanQueueLength: figure,
    makespan: figure,
  }),
});

/** A run's JSON report as read, before parsing: figures may be null (JSON's NaN or infinity). */
export type RunReportInput = z.input<typeof runReportSchema>;

/** A run's figures (no per-job data: `run --json` has none), by the summary table's keys. */
export function runFromReport(report: z.output<typeof runReportSchema>, source: string): RunData {
  const summary: Record<string, number> = {};
  for (const m of summaryMetrics) {
    const value = m.key
      .split('.')
      .reduce<unknown>((at, k) => (at as Record<string, unknown>)?.[k], report.summary);
    summary[m.key] = typeof value === 'number' ? value : Number.NaN;
  }
  return {
    label: report.discipline,
    source,
    workload: report.workload.name,
    processors: report.workload.processors,
    status: report.summary.status,
    summary,
    counters: report.result.counters,
  };
}
