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

/** The outline of a schedule file: its records are checked one by one, each error located. */
export const scheduleSchema = z.object({
  jobs: z.array(z.unknown()),
  counters: z.record(z.string(), z.record(z.string(), z.number().nullable())).optional(),
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
  const jobs = emptyJobs();
  const segments = emptySegments();
  outline.jobs.forEach((raw, i) => {
    const { segments: own, ...job } = validate(jobSchema, raw, source, `jobs[${i}]`);
    addJob(jobs, segments, job, own ?? []);
  });
  const counters = Object.fromEntries(
    Object.entries(outline.counters ?? {}).map(([name, c]) => [
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
}
