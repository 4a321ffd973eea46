import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Job } from '@js/core';
import type { SwfFieldOverrides } from '../swf/writer.ts';
import { writeSwf } from '../swf/writer.ts';
import type { ModelWorkload } from './workload.ts';

/**
 * How a model's jobs are written (`schedlab generate`):
 *
 * - The SWF file holds what SWF can say: submit, runtime, size (fields 5 and 8), estimate (field 9),
 *   queue (field 15: Lublin–Feitelson's 0 = interactive, 1 = batch), and for repeated Feitelson 1996
 *   runs the preceding job number and think time (fields 17 and 18, from the traits `precedingJob`
 *   and `thinkTime`). The header names the model, options, seed, offered load and machine.
 * - Everything else goes to a JSON-lines side file `<out>.traits.jsonl`, one line per job that has
 *   any: `{"id":7,"minSize":1,"maxSize":64,"resources":{"r1":3.2},"traits":{"work":1234.5}}`. It
 *   carries processor ranges (moldable/malleable models), K-resource vectors, slowdown traits and the
 *   parameters of each job's execution-time function (e.g. Sevcik's work, alpha, beta, phi). No side
 *   file is written when no job has extras.
 */
export function modelSwfHeader(w: ModelWorkload): string[] {
  const lines = [
    '; Version: 2.2',
    '; Computer: schedlab generate',
    `; Note: model ${w.model.name} (${w.model.source})`,
    `; Note: seed ${JSON.stringify(w.seed)}, ${w.count} jobs, options ${JSON.stringify(w.options)}`,
    `; Note: offered load ${w.offeredLoad} — ${w.model.load}`,
    `; MaxJobs: ${w.count}`,
    `; MaxRecords: ${w.count}`,
    `; MaxNodes: ${w.topology?.nodes ?? w.processors}`,
    `; MaxProcs: ${w.processors}`,
  ];
  for (const r of w.resources ?? []) lines.push(`; Note: resource ${r.name} capacity ${r.capacity}`);
  return lines;
}

/** SWF fields a model job fills beyond the job record's own mapping (repeated runs). */
export function modelSwfOverrides(job: Job): SwfFieldOverrides | undefined {
  const t = job.traits;
  if (t?.precedingJob === undefined) return undefined;
  return { precedingJobNumber: t.precedingJob, thinkTime: t.thinkTime ?? 0 };
}

/** The side-file line of a job, or undefined when the SWF line says everything. */
export function modelTraitsLine(job: Job): string | undefined {
  const extras: Record<string, unknown> = { id: job.id };
  if (job.minSize !== undefined && job.minSize !== job.size) extras.minSize = job.minSize;
  if (job.maxSize !== undefined && job.maxSize !== job.size) extras.maxSize = job.maxSize;
  if (job.resources !== undefined) extras.resources = job.resources;
  if (job.traits !== undefined) extras.traits = job.traits;
  return Object.keys(extras).length > 1 ? JSON.stringify(extras) : undefined;
}

/** Where {@link writeModelWorkload} writes: paths, or streams (then left open). */
export interface ModelOutput {
  readonly swf: string | Writable;
  /** Default for a path: `<swf>.traits.jsonl`. Required to get the side file when `swf` is a stream. */
  readonly traits?: string | Writable;
}

/**
 * Write a model's jobs as SWF (with the package's SwfWriter) and their extras as JSON lines.
 * Same workload and seed, same bytes. Resolves with the counts and the side file's path if any.
 */
export async function writeModelWorkload(
  w: ModelWorkload,
  out: ModelOutput,
): Promise<{ jobs: number; traitLines: number; traitsPath?: string }> {
  const traitsTarget = out.traits ?? (typeof out.swf === 'string' ? `${out.swf}.traits.jsonl` : undefined);
  let traits: Writable | undefined;
  let traitLines = 0;
  let buffered = '';
  const flush = (): void => {
    if (buffered && traits) traits.write(buffered);
    buffered = '';
  };
  const open = (): Writable | undefined => {
    if (traits || traitsTarget === undefined) return traits;
    traits = typeof traitsTarget === 'string' ? createWriteStream(traitsTarget) : traitsTarget;
    return traits;
  };
  function* withTraits(): Generator<Job> {
    for (const job of w.jobs) {
      const line = traitsTarget === undefined ? undefined : modelTraitsLine(job);
      if (line !== undefined && open()) {
        buffered += `${line}\n`;
        traitLines++;
        if (buffered.length >= 1 << 16) flush();
      }
      yield job;
    }
  }
  const jobs = await writeSwf(out.swf, {
    header: modelSwfHeader(w),
    jobs: withTraits(),
    overrides: modelSwfOverrides,
  });
  flush();
  const side = traits as Writable | undefined;
  if (side && typeof traitsTarget === 'string') {
    await new Promise<void>((resolve, reject) => {
      side.once('error', reject);
      side.end(resolve);
    });
  }
  return {
    jobs,
    traitLines,
    traitsPath: side && typeof traitsTarget === 'string' ? traitsTarget : undefined,
  };
}
