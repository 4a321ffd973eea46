import * as z from 'zod';
import type { Distribution } from './distribution.ts';

/** A continuous uniform distribution as JSON, on [`min`, `max`). */
export const uniformSpecSchema = z
  .strictObject({
    kind: z.literal('uniform'),
    min: z.number(),
    max: z.number(),
  })
  .refine((s) => s.min <= s.max, { message: 'max must be ≥ min', path: ['max'] });
/** A validated uniform-distribution spec. */
export type UniformSpec = z.infer<typeof uniformSpecSchema>;

/** Continuous uniform on [min, max). */
export function uniformDistribution({ min, max }: UniformSpec): Distribution {
  const width = max - min;
  return {
    kind: 'uniform',
    mean: (min + max) / 2,
    variance: (width * width) / 12,
    probabilityBelow: (x) => (x <= min ? 0 : x >= max ? 1 : (x - min) / width),
    sample: (stream) => min + stream.next() * width,
  };
}
