import * as z from 'zod';

/** A run seed: every named stream of a synthetic workload derives from it. */
export const seedSchema = z.union([z.int(), z.string().min(1)]);

/** Options of {@link syntheticWorkload}. */
export const syntheticOptionsSchema = z.strictObject({
  seed: seedSchema.default(1),
  /** Machine size overriding the spec's; the load then refers to this machine. */
  processors: z.int().positive().optional(),
});
/** Options of a synthetic workload as a caller writes them: seed and machine-size override. */
export type SyntheticOptions = z.input<typeof syntheticOptionsSchema>;
