import * as z from 'zod';
import type { Distribution } from './distribution.ts';
import { exponentialDraw } from './exponential.ts';

/** A two-branch hyper-exponential as JSON, by mean and coefficient of variation (cv ≥ 1). */
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
/** A validated hyper-exponential spec. */
export type HyperexponentialSpec = z.infer<typeof hyperexponentialSpecSchema>;

/** One branch of a hyper-exponential: taken with `probability`, then exponential with `mean`. */
export interface ExponentialBranch {
  readonly probability: number;
  readonly mean: number;
}

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
  return hyperexponentialMixture([
    { probability: p1, mean: mean / (2 * p1) },
    { probability: p2, mean: mean / (2 * p2) },
  ]);
}

/**
 * A hyper-exponential given by its branches (probabilities summing to 1; the last branch takes
 * any rounding remainder), e.g. Sevcik's essential
 * work F(W) = 0.125(1 − e^(−W/101)) + 0.875(1 − e^(−W/1.3)). Every draw takes two uniforms, the
 * branch and the value, whatever branch is taken, so the stream advances the same way each time.
 */
export function hyperexponentialMixture(branches: readonly ExponentialBranch[]): Distribution {
  const n = branches.length;
  const cumulative = new Float64Array(n);
  const means = Float64Array.from(branches, (b) => b.mean);
  let cumulativeProbability = 0;
  let mean = 0;
  let secondMoment = 0;
  for (let i = 0; i < n; i++) {
    const { probability: p, mean: m } = branches[i]!;
    cumulative[i] = cumulativeProbability += p;
    mean += p * m;
    secondMoment += 2 * p * m * m;
  }
  const last = n - 1;
  return {
    kind: 'hyper-exponential',
    mean,
    variance: secondMoment - mean * mean,
    probabilityBelow: (x) => {
      if (x <= 0) return 0;
      let p = 0;
      for (let i = 0; i < n; i++) p -= branches[i]!.probability * Math.expm1(-x / means[i]!);
      return p;
    },
    sample: (stream) => {
      const branch = stream.next();
      const u = stream.next();
      let i = 0;
      while (i < last && branch >= cumulative[i]!) i++;
      return exponentialDraw(means[i]!, u);
    },
  };
}
