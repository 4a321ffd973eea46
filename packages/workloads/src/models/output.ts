import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Job, TraitKnowledge } from '@js/core';
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
 * - Which knowledge reveals each trait (the job's `traitKnowledge`) is written once, as a
 *   `"traitKnowledge":{"work":"demand",…}` field of the first line with traits, and again only on a
 *   line whose declarations differ from the last ones written (`{}` when a job declares none): a
 *   model shares one declaration object across its jobs, so most files have one such field. It holds
 *   for that line and the later ones; {@link parseModelTraitLines} restores it on every record.
 *   Readers that ignore the field read the file as before.
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

type TraitDeclarations = Readonly<Record<string, TraitKnowledge>>;

/** No declarations: every trait hidden, as for a job without `traitKnowledge`. */
const NONE_DECLARED: TraitDeclarations = Object.freeze({});

/**
 * The side-file line of a job, or undefined when the SWF line says everything. A line with traits
 * carries the job's declarations unless they equal `previous`, the declarations in force from an
 * earlier line (omit it for a self-contained line).
 */
export function modelTraitsLine(job: Job, previous?: TraitDeclarations): string | undefined {
  const extras: Record<string, unknown> = { id: job.id };
  if (job.minSize !== undefined && job.minSize !== job.size) extras.minSize = job.minSize;
  if (job.maxSize !== undefined && job.maxSize !== job.size) extras.maxSize = job.maxSize;
  if (job.resources !== undefined) extras.resources = job.resources;
  if (job.traits !== undefined) {
    extras.traits = job.traits;
    const declared = job.traitKnowledge ?? NONE_DECLARED;
    if (previous === undefined || !sameDeclarations(declared, previous)) extras.traitKnowledge = declared;
  }
  return Object.keys(extras).length > 1 ? JSON.stringify(extras) : undefined;
}

function sameDeclarations(a: TraitDeclarations, b: TraitDeclarations): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** One side-file record, with the declarations in force restored on every record that has traits. */
export interface ModelTraitRecord {
  readonly id: number;
  readonly minSize?: number;
  readonly maxSize?: number;
  readonly resources?: Readonly<Record<string, number>>;
  readonly traits?: Readonly<Record<string, number>>;
  readonly traitKnowledge?: TraitDeclarations;
}

/**
 * Read a side file written by {@link writeModelWorkload} (its text, or its lines), carrying each
 * `traitKnowledge` field forward to the later records with traits. Files written before the field
 * existed read with no declarations (all traits hidden, the engine's default).
 */
export function* parseModelTraitLines(text: string | Iterable<string>): Generator<ModelTraitRecord> {
  const lines = typeof text === 'string' ? text.split('\n') : text;
  let declared: TraitDeclarations | undefined;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as ModelTraitRecord;
    if (record.traitKnowledge !== undefined) declared = Object.freeze({ ...record.traitKnowledge });
    if (record.traits === undefined) {
      yield record;
    } else {
      const { traitKnowledge: _, ...rest } = record;
      yield declared === undefined || Object.keys(declared).length === 0
        ? rest
        : { ...rest, traitKnowledge: declared };
    }
  }
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
  let declared: TraitDeclarations | undefined;
  function* withTraits(): Generator<Job> {
    for (const job of w.jobs) {
      const line = traitsTarget === undefined ? undefined : modelTraitsLine(job, declared);
      if (line !== undefined && job.traits !== undefined) declared = job.traitKnowledge ?? NONE_DECLARED;
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
