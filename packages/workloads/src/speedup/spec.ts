import * as z from 'zod';
import { parameterSchema } from './parameter.ts';

/** Sevcik's speedup shape μ; μ = ∞ (α = 0) is written "infinity" in JSON, as in the `sevcik-94` model. */
export const speedupShapeSchema = z.union([z.number().nonnegative(), z.literal('infinity')]);
/** Sevcik's shape μ: a non-negative number, or `'infinity'` for α = 0. */
export type SpeedupShape = z.infer<typeof speedupShapeSchema>;

export const linearSpeedupSchema = z
  .strictObject({ kind: z.literal('linear') })
  .describe('perfect speedup: T(p) = W/p');

export const amdahlSpeedupSchema = z
  .strictObject({
    kind: z.literal('amdahl'),
    serialFraction: parameterSchema.describe(
      'serial fraction f ∈ [0, 1], a number or a distribution drawn per job: T(p) = W·(f + (1 − f)/p)',
    ),
  })
  .describe("Amdahl's law: T(p) = W·(f + (1 − f)/p)");

export const sevcikSpeedupSchema = z
  .strictObject({
    kind: z.literal('sevcik'),
    phi: z.number().positive().default(1).describe('φ, the work imbalance factor (seed 004 §5.2: 1)'),
    alpha: parameterSchema
      .optional()
      .describe('α in seconds (≥ 0), a number or a distribution drawn per job; default 0'),
    beta: parameterSchema
      .optional()
      .describe('β in seconds per processor (≥ 0), a number or a distribution drawn per job; default 0'),
    mu: z
      .union([speedupShapeSchema, z.array(speedupShapeSchema).min(1)])
      .optional()
      .describe(
        'instead of alpha and beta, the paper’s shape μ (or a list, equally likely): β = W/p_max², ' +
          'α = W·(1/p_max²)^μ with p_max the job’s maxParallelism (seed 004 eq. 9)',
      ),
  })
  .refine((s) => s.mu === undefined || (s.alpha === undefined && s.beta === undefined), {
    message: 'give either alpha and beta (seconds) or mu (α and β from the job’s p_max), not both',
    path: ['mu'],
  })
  .describe("Sevcik's model: T(p) = φ·W/p + α + β·p");

export const downeySpeedupSchema = z
  .strictObject({
    kind: z.literal('downey'),
    A: parameterSchema.describe('average parallelism A ≥ 1, a number or a distribution drawn per job'),
    sigma: parameterSchema.describe(
      'variance in parallelism σ ≥ 0, a number or a distribution drawn per job',
    ),
  })
  .describe("Downey's model (HPDC 1997): T(p) = W/S(p), S rising to A by n = 2A − 1 or A + Aσ − σ");

/** How a moldable/malleable job's execution time depends on its processor count p. */
export const speedupSpecSchema = z.discriminatedUnion('kind', [
  linearSpeedupSchema,
  amdahlSpeedupSchema,
  sevcikSpeedupSchema,
  downeySpeedupSchema,
]);
/** A validated speedup model (linear, Amdahl, Sevcik or Downey), discriminated by `kind`. */
export type SpeedupSpec = z.infer<typeof speedupSpecSchema>;
/** A speedup model as a spec file writes it, before defaults are filled in. */
export type SpeedupSpecInput = z.input<typeof speedupSpecSchema>;
