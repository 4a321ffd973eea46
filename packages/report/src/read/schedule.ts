import { basename } from 'node:path';
import * as z from 'zod';
import {
  addJob,
  emptyJobs,
  emptySegments,
  processorsSeen,
  type RunData,
  segmentBeginnings,
} from '../model.ts';
import { validate } from './json.ts';

const time = z.number().finite().nonnegative();
const processor = z.number().int().nonnegative();

const segmentSchema = z
  .object({
    from: time,
    to: time,
    processors: z.array(z.tuple([processor, processor])),
    began: z.enum(segmentBeginnings),
    slot: z.number().int().nonnegative().optional(),
    period: z.number().finite().positive().optional(),
    count: z.number().int().min(1).optional(),
  })
  .refine((s) => s.to >= s.from, { message: 'a segment ends before it begins', path: ['to'] })
  .refine((s) => (s.period === undefined) === (s.count === undefined), {
    message: 'a periodic segment gives both its period and its count',
    path: ['period'],
  })
  .refine((s) => s.period === undefined || s.period >= s.to - s.from, {
    message: 'a periodic segment’s stretches overlap: its period is shorter than a stretch',
    path: ['period'],
  });

/** A record of `run --out x.json` (the app's JobRecord with its segments). */
const jobSchema = z.object({
  id: z.number().int(),
  submit: time,
  start: time,
  end: time,
  processors: z.number().int().nonnegative(),
  // NaN written as null: a job with no run time has no slowdown.
  boundedSlowdown: z
    .number()
    .nullable()
    .transform((v) => v ?? Number.NaN),
  backfilled: z.boolean(),
  segments: z.array(segmentSchema).optional(),
});

const countersSchema = z.record(z.string(), z.record(z.string(), z.number().nullable()));

/** The outline of a schedule file: its records are checked one by one, each error located. */
export const scheduleSchema = z.object({
  jobs: z.array(z.unknown()),
  counters: countersSchema.optional(),
});

/** Is this parsed JSON a schedule (`run --out x.json`)? */
export const isSchedule = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Array.isArray((value as { jobs?: unknown }).jobs);

/**
 * A run from its written schedule: every job and its segments. The discipline is the counters'
 * only key when there is one (a partitioned run has one per partition), else the file's name;
 * the machine size is not in the file, so it is taken as the processors used.
 */
export function runFromSchedule(value: unknown, source: string): RunData {
  const outline = validate(scheduleSchema, value, source);
  const reader = scheduleReader(source);
  for (const raw of outline.jobs) reader.record(raw);
  return reader.run(outline.counters);
}

/**
 * A schedule read record by record (whole, or a line at a time from a file too big to hold as
 * text): each record is checked, located by its index and, where known, its line.
 */
export function scheduleReader(source: string) {
  const jobs = emptyJobs();
  const segments = emptySegments();
  let count = 0;
  return {
    record(raw: unknown, line?: number): void {
      const { segments: own, ...job } = validate(jobSchema, raw, source, `jobs[${count++}]`, line);
      addJob(jobs, segments, job, own ?? []);
    },
    run(rawCounters: unknown, line?: number): RunData {
      const checked =
        rawCounters === undefined ? {} : validate(countersSchema, rawCounters, source, 'counters', line);
      const counters = Object.fromEntries(
        Object.entries(checked).map(([name, c]) => [
          name,
          Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v ?? Number.NaN])),
        ]),
      );
      const names = Object.keys(counters);
      return {
        label: names.length === 1 ? names[0]! : basename(source).replace(/\.json$/i, ''),
        source,
        processors: processorsSeen(segments, jobs),
        counters,
        jobs,
        segments,
      };
    },
  };
}
