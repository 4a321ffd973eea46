import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, InputError, type Job, parseOptions } from '@js/core';
import * as z from 'zod';
import { arrivalScaleForLoad, measureOfferedLoad, scaleArrivals } from '../arrivals/time-scale.ts';
import { Cleaner, type CleaningReport } from '../cleaning/clean.ts';
import type { CleaningRulesInput } from '../cleaning/rules.ts';
import type { ModelResource, ModelTopology } from '../models/model.ts';
import { type ModelWorkloadSpec, modelWorkload } from '../models/workload.ts';
import { flattenBatches } from '../streaming/batches.ts';
import { headerProcessors, type SwfHeader } from '../swf/header.ts';
import type { SwfReadReport } from '../swf/parser.ts';
import { readSwf, type SwfTrace } from '../swf/reader.ts';
import { syntheticWorkload } from '../synthetic/generate.ts';
import { seedSchema } from '../synthetic/options.ts';
import type { SyntheticSpec } from '../synthetic/spec.ts';
import { type SwfWorkloadSpec, type WorkloadSpecInput, workloadSpecSchema } from './spec.ts';

/** How to open a workload spec: seed, machine size override, trace cleaning rules and leniency. */
export const openWorkloadOptionsSchema = z.strictObject({
  /** Run seed; synthetic and model workloads derive their named streams from it. */
  seed: seedSchema.default(1),
  /**
   * Machine size, overriding the trace header's MaxProcs, the synthetic spec's processors or the
   * model's `processors` option (for a multi-core model: its nodes).
   */
  machineProcessors: z.int().positive().optional(),
  /** Cleaning rules for traces, over those of a JSON spec (synthetic jobs are clean by construction). */
  cleaning: z
    .custom<CleaningRulesInput>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
      message: 'expected an object of rule: action',
    })
    .optional(),
  /** Traces: skip malformed lines instead of stopping (they are counted in the report). */
  lenient: z.boolean().optional(),
});
/** Options for opening a workload as a caller writes them (every field optional). */
export type OpenWorkloadOptions = z.input<typeof openWorkloadOptionsSchema>;

/** What opening and consuming a workload did. */
export interface WorkloadReport {
  readonly name: string;
  readonly kind: 'swf' | 'synthetic' | 'model';
  readonly processors: number;
  /** Traces: lines read and skipped (once a pass has started). */
  readonly read?: SwfReadReport;
  /** Traces: what each cleaning rule did. */
  readonly cleaning?: CleaningReport;
}

/** A workload ready to run: its jobs in submit order and the machine size it is meant for. */
export interface Workload {
  readonly name: string;
  readonly kind: 'swf' | 'synthetic' | 'model';
  /** Machine size: header MaxProcs (else MaxNodes) for traces, the spec's for synthetic; overridable. */
  readonly processors: number;
  /** Resources besides processors the jobs ask for (K-resource models): the machine needs them. */
  readonly resources?: readonly ModelResource[];
  /** Nodes → CPUs → cores when the model's processors are cores of multi-core nodes. */
  readonly topology?: ModelTopology;
  /**
   * Jobs in submit order, produced lazily. Each iteration is a fresh pass (a trace is read again,
   * a synthetic stream regenerated from the seed) giving the same jobs.
   */
  readonly jobs: AsyncIterable<Job> | Iterable<Job>;
  /** The trace's header (traces only). */
  readonly header?: SwfHeader;
  /** Counts of the latest pass (final once it is exhausted). */
  report(): WorkloadReport;
}

/** The source name of standard input: `zcat trace.swf.gz | schedlab run -w -`. */
export const STDIN = '-';

/**
 * The one entry point the CLI calls: a path to an SWF trace (`.swf`, `.swf.gz`, any name — gzip
 * is recognised by content), `-` for a trace on standard input (plain or gzip), a JSON workload
 * spec, or a spec object.
 */
export async function openWorkload(
  source: string | URL | WorkloadSpecInput,
  options?: OpenWorkloadOptions,
): Promise<Workload> {
  const opts = parseOptions('openWorkload', openWorkloadOptionsSchema, options);
  if (source === STDIN)
    return openTrace({ kind: 'swf', path: STDIN }, opts, '.', await readAll(process.stdin));
  if (typeof source === 'string' || source instanceof URL) {
    const path = source instanceof URL ? fileURLToPath(source) : source;
    if (path.toLowerCase().endsWith('.json')) {
      return openSpec(await readSpecFile(path), opts, dirname(path));
    }
    return openTrace({ kind: 'swf', path }, opts, '.');
  }
  return openSpec(parseOptions('workload spec', workloadSpecSchema, source), opts, '.');
}

type Options = z.infer<typeof openWorkloadOptionsSchema>;

function openSpec(
  spec: SyntheticSpec | SwfWorkloadSpec | ModelWorkloadSpec,
  opts: Options,
  baseDir: string,
): Promise<Workload> | Workload {
  if (spec.kind === 'swf') return openTrace(spec, opts, baseDir);
  return spec.kind === 'model' ? openModel(spec, opts) : openSynthetic(spec, opts);
}

function openModel(spec: ModelWorkloadSpec, opts: Options): Workload {
  const model = modelWorkload(spec.model, {
    options: spec.options,
    jobs: spec.jobs,
    load: spec.load,
    processors: opts.machineProcessors ?? spec.processors,
    seed: opts.seed,
  });
  const name = spec.name ?? spec.model;
  const report: WorkloadReport = { name, kind: 'model', processors: model.processors };
  return {
    name,
    kind: 'model',
    processors: model.processors,
    resources: model.resources,
    topology: model.topology,
    jobs: model.jobs,
    report: () => report,
  };
}

function openSynthetic(spec: SyntheticSpec, opts: Options): Workload {
  const synthetic = syntheticWorkload(spec, { seed: opts.seed, processors: opts.machineProcessors });
  const report: WorkloadReport = { name: spec.name, kind: 'synthetic', processors: synthetic.processors };
  return {
    name: spec.name,
    kind: 'synthetic',
    processors: synthetic.processors,
    jobs: synthetic.jobs,
    report: () => report,
  };
}

async function openTrace(
  spec: SwfWorkloadSpec,
  opts: Options,
  baseDir: string,
  /** The trace's bytes when they come from standard input: read once, every pass reads them. */
  bytes?: Uint8Array,
): Promise<Workload> {
  const path = resolve(baseDir, spec.path);
  const lenient = opts.lenient ?? spec.lenient ?? false;
  const rules: CleaningRulesInput = { ...spec.cleaning, ...opts.cleaning };
  const name = spec.name ?? (bytes ? 'stdin' : traceName(path));
  // Messages quote the path as the user wrote it, resolved when it came from a JSON spec.
  const read = () =>
    bytes
      ? readSwf(bytes, { lenient, name: 'stdin' })
      : readSwf(path, { lenient, name: baseDir === '.' ? spec.path : path });

  // The header sets the machine size. Each pass over `jobs` then opens the file afresh, so no file
  // stays open between passes, nor when the jobs are never read.
  const probe = await read();
  const header = probe.header;
  await probe.batches[Symbol.asyncIterator]().return?.();
  const machine = opts.machineProcessors ?? spec.processors ?? headerProcessors(header);
  if (machine === undefined) {
    throw new ConfigError(
      `trace ${spec.path} has no MaxProcs or MaxNodes in its header; give the machine size (machineProcessors)`,
    );
  }
  const processors: number = machine;
  const cleaner = (): Cleaner => new Cleaner(processors, rules);
  // Created now so that bad cleaning options fail here, not at the first job.
  let current: { trace?: SwfTrace<AsyncIterable<Job>>; cleaner: Cleaner } = { cleaner: cleaner() };

  // One async layer per job: the reader's batches, cleaned while they are flattened.
  const pass = (): AsyncIterator<Job> => {
    let batches: AsyncIterator<readonly Job[]> | undefined;
    const nextBatch = async (): Promise<readonly Job[] | undefined> => {
      if (batches === undefined) {
        const trace = await read();
        current = { trace, cleaner: cleaner() };
        batches = trace.batches[Symbol.asyncIterator]();
      }
      const next = await batches.next();
      return next.done ? undefined : next.value;
    };
    return flattenBatches(
      nextBatch,
      (job) => current.cleaner.apply(job),
      () => void batches?.return?.(),
    );
  };

  let jobs: AsyncIterable<Job> = { [Symbol.asyncIterator]: pass };
  if (spec.load !== undefined) {
    // One extra pass measures the cleaned trace's own load; later passes are time-scaled from it.
    const own = await measureOfferedLoad(jobs, processors);
    if (!(own > 0))
      throw new ConfigError(
        `trace ${spec.path}: cannot scale it to load ${spec.load}, its own load is ${own}`,
      );
    jobs = scaleArrivals(jobs, arrivalScaleForLoad(own, spec.load));
  }

  return {
    name,
    kind: 'swf',
    processors,
    header,
    jobs,
    report: () => ({
      name,
      kind: 'swf',
      processors: processors,
      read: current.trace?.report(),
      cleaning: current.cleaner.report(),
    }),
  };
}

/** `KTH-SP2-1996-2.1-cln` from `…/KTH-SP2-1996-2.1-cln.swf.gz`. */
const traceName = (path: string): string =>
  basename(path)
    .replace(/\.gz$/i, '')
    .replace(/\.swf$/i, '');

async function readSpecFile(path: string): Promise<SyntheticSpec | SwfWorkloadSpec | ModelWorkloadSpec> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(path, undefined, undefined, `cannot read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError(path, undefined, undefined, `not valid JSON: ${(error as Error).message}`);
  }
  return parseOptions(`workload spec ${path}`, workloadSpecSchema, json);
}

/** Everything a stream gives (standard input), as one buffer. */
async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
