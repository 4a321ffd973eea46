import * as z from 'zod';
import type { Distribution } from './distribution.ts';

/** An exponential distribution as JSON, by its mean: `{ "kind": "exponential", "mean": 600 }`. */
export const exponentialSpecSchema = z.strictObject({
  kind: z.literal('exponential'),
  mean: z.number().positive(),
});
/** A validated exponential-distribution spec. */
export type ExponentialSpec = z.infer<typeof exponentialSpecSchema>;

/** Inverse-transform draw: -mean·ln(1 - u), with u in [0, 1) so the logarithm is finite. */
export const exponentialDraw = (mean: number, u: number): number => -mean * Math.log1p(-u);

/** Exponential with the given mean (variance mean²), drawn by inverse transform: one uniform per draw. */
export const exponentialDistribution = ({ mean }: ExponentialSpec): Distribution => ({
  kind: 'exponential',
  mean,
  variance: mean * mean,
  probabilityBelow: (x) => (x <= 0 ? 0 : -Math.expm1(-x / mean)),
  sample: (stream) => exponentialDraw(mean, stream.next()),
});
