import * as z from 'zod';
import { cleaningRulesSchema } from '../cleaning/rules.ts';
import { modelWorkloadSpecSchema } from '../models/workload.ts';
import { syntheticSpecSchema } from '../synthetic/spec.ts';

/**
 * A trace to replay, as a JSON file can name it. `path` is relative to the JSON file.
 * `processors` overrides the header's MaxProcs.
 */
export const swfWorkloadSpecSchema = z.strictObject({
  kind: z.literal('swf'),
  name: z.string().min(1).optional(),
  path: z.string().min(1),
  processors: z.int().positive().optional(),
  cleaning: cleaningRulesSchema.optional(),
  lenient: z.boolean().optional(),
  /**
   * Offered load to run the trace at: arrivals are time-scaled (about the first submit) from the
   * trace's own load, Σ size·runtime / (P × span) after cleaning, to this one.
   */
  load: z.number().positive().optional(),
});
/** A validated `{ "kind": "swf" }` workload-file entry. */
export type SwfWorkloadSpec = z.infer<typeof swfWorkloadSpecSchema>;

/**
 * A workload file's contents: `{ "kind": "synthetic", … }`, `{ "kind": "swf", "path": … }` or
 * `{ "kind": "model", "model": "lublin99", "options": {…}, "jobs": N, "load": ρ, "processors": P }`.
 */
export const workloadSpecSchema = z.discriminatedUnion('kind', [
  syntheticSpecSchema,
  swfWorkloadSpecSchema,
  modelWorkloadSpecSchema,
]);
/** A validated workload file of any kind (synthetic, swf or model). */
export type WorkloadSpec = z.infer<typeof workloadSpecSchema>;
/** A workload file as written, before defaults are filled in. */
export type WorkloadSpecInput = z.input<typeof workloadSpecSchema>;
