import { z } from 'zod';
import { distributionSpecSchema } from '../distributions/spec.ts';

/**
 * A synthetic workload: Poisson arrivals at a target offered load, independent rigid job sizes
 * and runtimes, and estimates = runtime × a factor (exact by default).
 */
export const syntheticSpecSchema = z.strictObject({
  kind: z.literal('synthetic'),
  name: z.string().min(1).default('synthetic'),
  /** Number of jobs. */
  jobs: z.int().positive(),
  /** Machine size P the load refers to (a run may override it). */
  processors: z.int().positive(),
  /** Offered load ρ = λ·E[size·runtime]/P; ≥ 1 saturates the machine (allowed, for saturation studies). */
  load: z.number().positive(),
  /** Job sizes; draws are rounded to the nearest integer and kept within [1, P]. */
  sizes: distributionSpecSchema,
  /** Runtimes in seconds; must be non-negative with a positive mean. */
  runtimes: distributionSpecSchema,
  /** Estimate ÷ runtime; must be non-negative. Default: exact estimates. */
  estimates: distributionSpecSchema.default({ kind: 'constant', value: 1 }),
});

export type SyntheticSpec = z.infer<typeof syntheticSpecSchema>;
export type SyntheticSpecInput = z.input<typeof syntheticSpecSchema>;
