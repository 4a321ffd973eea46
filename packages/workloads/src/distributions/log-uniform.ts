import * as z from 'zod';
import type { Distribution } from './distribution.ts';

/** A log-uniform distribution as JSON: positive `min` ≤ `max`, uniform in the logarithm. */
export const logUniformSpecSchema = z
  .strictObject({
    kind: z.literal('log-uniform'),
    min: z.number().positive(),
    max: z.number().positive(),
  })
  .refine((s) => s.min <= s.max, { message: 'max must be ≥ min', path: ['max'] });
/** A validated log-uniform spec. */
export type LogUniformSpec = z.infer<typeof logUniformSpecSchema>;

/**
 * ln X uniform on [ln min, ln max): every factor-of-two range is equally likely, the classic
 * shape of parallel job sizes (Downey 1997; Lublin–Feitelson use a two-stage version).
 */
export function logUniformDistribution({ min, max }: LogUniformSpec): Distribution {
  const span = Math.log(max / min);
  if (span === 0) {
    return {
      kind: 'log-uniform',
      mean: min,
      variance: 0,
      probabilityBelow: (x) => (min < x ? 1 : 0),
      sample: () => min,
    };
  }
  const mean = (max - min) / span;
  const secondMoment = (max * max - min * min) / (2 * span);
  return {
    kind: 'log-uniform',
    mean,
    variance: Math.max(0, secondMoment - mean * mean),
    probabilityBelow: (x) => (x <= min ? 0 : x >= max ? 1 : Math.log(x / min) / span),
    sample: (stream) => min * Math.exp(stream.next() * span),
  };
}
