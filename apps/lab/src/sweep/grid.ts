import { readFile } from 'node:fs/promises';
import { InputError, parseOptions } from '@js/core';
import { type WorkloadSpec, workloadSpecSchema } from '@js/workloads';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import * as z from 'zod';
import { anastasiadisSevcikWindows } from '../run/replicated.ts';

/** A discipline of the grid: its name, or its name with options (checked against its schema later). */
const disciplineEntrySchema = z.union([
  z.string().min(1),
  z.strictObject({
    name: z.string().min(1),
    options: z.record(z.string(), z.unknown()).optional(),
  }),
]);

/**
 * A workload of the grid: a path (an SWF trace or a JSON spec, relative to the sweep file) or a
 * spec object. A spec is checked here so that its errors are located inside the grid
 * (`workloads.1.sizes.kind`), not reported as one vague "invalid union".
 */
const workloadEntrySchema = z
  .unknown()
  .superRefine((value, ctx) => {
    if (typeof value === 'string') {
      if (value.length === 0) ctx.addIssue({ code: 'custom', message: 'expected a non-empty path' });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'expected a path (string) or a workload spec (object)' });
      return;
    }
    const spec = workloadSpecSchema.safeParse(value);
    if (!spec.success)
      for (const issue of spec.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  })
  .transform((value): string | WorkloadSpec =>
    typeof value === 'string' ? value : workloadSpecSchema.parse(value),
  );

/** A run seed as `--seed` takes it: an integer, or a name. */
const seedSchema = z.union([z.int(), z.string().min(1)]);

/** A sweep file: disciplines × workloads × loads × seeds, and the settings every cell shares. */
export const gridSchema = z.strictObject({
  /** Names the default results directory, `./sweep-<name>`. */
  name: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only (it names a directory)'),
  disciplines: z.array(disciplineEntrySchema).min(1),
  workloads: z.array(workloadEntrySchema).min(1),
  /** Offered loads: a spec's `load` is replaced by each, a trace is time-scaled to each. */
  loads: z.array(z.number().positive()).min(1),
  seeds: z.array(seedSchema).min(1),
  profile: z.string().min(1).default('ideal'),
  contention: z.string().min(1).default('none'),
  knowledge: z.enum(['none', 'demand', 'speedup', 'both']).default('none'),
  exactRuntimes: z.boolean().default(false),
  /**
   * Replicate each cell to a confidence target (as `run --replicate`; Anastasiadis & Sevcik's
   * windows by default): every seed of the grid then starts a sequence of replications, and the
   * cell's figures are their means.
   */
  replicate: z
    .strictObject({
      statistic: z.string().min(1).default('response.mean'),
      confidence: z.number().gt(0).lt(1).optional(),
      precision: z.number().positive().optional(),
      minReplications: z.int().min(2).optional(),
      maxReplications: z.int().min(2).optional(),
      warmUp: z.int().nonnegative().default(anastasiadisSevcikWindows.warmUp),
      measured: z.int().positive().default(anastasiadisSevcikWindows.measured),
      saturationAfter: z.int().positive().default(anastasiadisSevcikWindows.saturationAfter),
    })
    .optional(),
});
export type Grid = z.infer<typeof gridSchema>;
export type DisciplineEntry = z.infer<typeof disciplineEntrySchema>;

/** Read and check a sweep file, JSON or YAML (by its extension): a located error for any bad field. */
export async function readGrid(file: string): Promise<Grid> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError(
      file,
      undefined,
      undefined,
      `cannot read the sweep file: ${(error as Error).message}`,
    );
  }
  return parseGrid(file, text);
}

export function parseGrid(file: string, text: string): Grid {
  const yaml = /\.ya?ml$/i.test(file);
  let raw: unknown;
  try {
    raw = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    const line = error instanceof YAMLParseError ? error.linePos?.[0].line : undefined;
    throw new InputError(
      file,
      line,
      undefined,
      `not valid ${yaml ? 'YAML' : 'JSON'}: ${(error as Error).message}`,
    );
  }
  return parseOptions(`sweep ${file}`, gridSchema, raw);
}
