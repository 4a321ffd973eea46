import type { RandomStream } from '@js/core';
import * as z from 'zod';
import type { Distribution } from './distribution.ts';
import { regularizedGammaP } from './gamma-function.ts';

/** A gamma distribution as JSON, by shape α and scale β (mean αβ). */
export const gammaSpecSchema = z.strictObject({
  kind: z.literal('gamma'),
  /** Shape α. */
  shape: z.number().positive(),
  /** Scale β: the mean is αβ (the convention of the Lublin–Feitelson code). */
  scale: z.number().positive(),
});
/** A validated gamma-distribution spec. */
export type GammaSpec = z.infer<typeof gammaSpecSchema>;

/** A standard normal draw (Box–Muller, cosine branch): two uniforms, always. */
function normalDraw(stream: RandomStream): number {
  const u = 1 - stream.next(); // (0, 1], so the logarithm is finite
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * stream.next());
}

/**
 * A gamma(shape, scale) draw by Marsaglia and Tsang's squeeze method (shape ≥ 1), and for shape < 1
 * the boost gamma(shape + 1)·U^(1/shape). The number of uniforms it takes varies with the
 * rejections, which is why each purpose has its own stream.
 */
export function gammaDraw(shape: number, scale: number, stream: RandomStream): number {
  if (shape < 1) {
    const boosted = gammaDraw(shape + 1, 1, stream);
    return scale * boosted * (1 - stream.next()) ** (1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normalDraw(stream);
    const t = 1 + c * x;
    if (t <= 0) continue;
    const v = t * t * t;
    const u = 1 - stream.next();
    const x2 = x * x;
    // Cheap squeeze first; the logarithmic test only when it fails.
    if (u < 1 - 0.0331 * x2 * x2 || Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) return scale * d * v;
  }
}

/** Gamma with shape α and scale β: mean αβ, variance αβ², drawn by {@link gammaDraw}. */
export const gammaDistribution = ({ shape, scale }: GammaSpec): Distribution => ({
  kind: 'gamma',
  mean: shape * scale,
  variance: shape * scale * scale,
  probabilityBelow: (x) => regularizedGammaP(shape, x / scale),
  sample: (stream) => gammaDraw(shape, scale, stream),
});
