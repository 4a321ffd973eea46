import { z } from 'zod';
import type { Distribution } from './distribution.ts';

export const exponentialSpecSchema = z.strictObject({
  kind: z.literal('exponential'),
  mean: z.number().positive(),
});
export type ExponentialSpec = z.infer<typeof exponentialSpecSchema>;

/** Inverse-transform draw: -mean·ln(1 - u), with u in [0, 1) so the logarithm is finite. */
export const exponentialDraw = (mean: number, u: number): number => -mean * Math.log1p(-u);

export const exponentialDistribution = ({ mean }: ExponentialSpec): Distribution => ({
  kind: 'exponential',
  mean,
  variance: mean * mean,
  probabilityBelow: (x) => (x <= 0 ? 0 : -Math.expm1(-x / mean)),
  sample: (stream) => exponentialDraw(mean, stream.next()),
});
