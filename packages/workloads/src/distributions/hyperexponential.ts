import { z } from 'zod';
import type { Distribution } from './distribution.ts';
import { exponentialDraw } from './exponential.ts';

export const hyperexponentialSpecSchema = z
  .strictObject({
    kind: z.literal('hyper-exponential'),
    mean: z.number().positive(),
    /** Coefficient of variation (σ / mean). */
    cv: z.number(),
  })
  .refine((s) => s.cv >= 1, {
    message:
      'a hyper-exponential has CV ≥ 1 (CV = 1 is the exponential); for less variable values use uniform',
    path: ['cv'],
  });
export type HyperexponentialSpec = z.infer<typeof hyperexponentialSpecSchema>;

/**
 * Two-stage hyper-exponential with balanced means (p₁/λ₁ = p₂/λ₂), the usual way to fit a
 * mean m and a CV c ≥ 1 with two branches (the runtime model of Parsons & Sevcik):
 * p₁ = ½(1 + √((c²−1)/(c²+1))), p₂ = 1 − p₁, λᵢ = 2pᵢ/m. Then E[X] = m and Var[X] = c²m².
 */
export function hyperexponentialDistribution({ mean, cv }: HyperexponentialSpec): Distribution {
  const c2 = cv * cv;
  const p1 = (1 + Math.sqrt((c2 - 1) / (c2 + 1))) / 2;
  const p2 = 1 - p1;
  // Branch means 1/λᵢ = m / (2pᵢ); p₂ > 0 for every finite c (at c = 1 both are m).
  const mean1 = mean / (2 * p1);
  const mean2 = mean / (2 * p2);
  return {
    kind: 'hyper-exponential',
    mean,
    variance: c2 * mean * mean,
    probabilityBelow: (x) => (x <= 0 ? 0 : -(p1 * Math.expm1(-x / mean1) + p2 * Math.expm1(-x / mean2))),
    sample: (stream) => {
      // Two draws, always, so the stream advances the same way whatever branch is taken.
      const branch = stream.next();
      const u = stream.next();
      return exponentialDraw(branch < p1 ? mean1 : mean2, u);
    },
  };
}
