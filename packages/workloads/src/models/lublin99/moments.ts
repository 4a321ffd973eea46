import { lnGamma, regularizedGammaP } from '../../distributions/gamma-function.ts';
import type { LublinTable } from './parameters.ts';

/**
 * Exact moments of the Lublin–Feitelson laws, for the offered load at the model's own arrival rate
 * (so `atLoad` can set any other). Each follows from the published structure alone.
 */

/** Size parameters after the machine caps (effective UHi, UMed, ULow). */
export type SizeLaw = Pick<LublinTable, 'serialProb' | 'pow2Prob' | 'uLow' | 'uMed' | 'uHi' | 'uProb'>;

/** P(par < x) for the two-stage uniform par (first stage [uLow, uMed) w.p. uProb, else [uMed, uHi)). */
function twoStageBelow({ uLow, uMed, uHi, uProb }: SizeLaw, x: number): number {
  const stage = (lo: number, hi: number): number => (x >= hi ? 1 : x <= lo ? 0 : (x - lo) / (hi - lo));
  return uProb * stage(uLow, uMed) + (1 - uProb) * stage(uMed, uHi);
}

/**
 * P(size = n) for n = 1 … processors: serial w.p. serialProb, 2^round(par) w.p. pow2Prob, else
 * ⌊2^par + ½⌋; sizes above the machine are redrawn, so the law is renormalised over 1 … processors.
 */
export function sizeProbabilities(law: SizeLaw, processors: number): Float64Array {
  const p = new Float64Array(processors + 1);
  p[1]! += law.serialProb;
  const rest = 1 - law.serialProb - law.pow2Prob;
  for (let k = Math.floor(law.uLow + 0.5); k <= Math.floor(law.uHi + 0.5); k++) {
    const size = Math.floor(2 ** k + 0.5);
    if (size >= 1 && size <= processors)
      p[size]! += law.pow2Prob * (twoStageBelow(law, k + 0.5) - twoStageBelow(law, k - 0.5));
  }
  for (let n = 1; n <= processors; n++)
    p[n]! += rest * (twoStageBelow(law, Math.log2(n + 0.5)) - twoStageBelow(law, Math.log2(n - 0.5)));
  let total = 0;
  for (let n = 1; n <= processors; n++) total += p[n]!;
  for (let n = 1; n <= processors; n++) p[n]! /= total;
  return p;
}

/**
 * E[e^X | X ≤ cap] for X ~ gamma(shape, scale): the mean of a quantity whose logarithm is gamma and
 * whose draws above `cap` are redrawn. For scale < 1, e^x·f(x) is a gamma(shape, scale/(1 − scale))
 * density times (1 − scale)^(−shape); otherwise the integral is taken numerically.
 */
export function truncatedExpMean(shape: number, scale: number, cap: number): number {
  const kept = regularizedGammaP(shape, cap / scale);
  if (scale < 1) {
    const tilted = scale / (1 - scale);
    return Math.exp(-shape * Math.log1p(-scale)) * (regularizedGammaP(shape, cap / tilted) / kept);
  }
  // Midpoint rule on [0, cap] (integrable even when shape < 1 makes the density infinite at 0).
  const steps = 20_000;
  const h = cap / steps;
  const logNorm = lnGamma(shape) + shape * Math.log(scale);
  let sum = 0;
  for (let i = 0; i < steps; i++) {
    const x = (i + 0.5) * h;
    sum += Math.exp(x + (shape - 1) * Math.log(x) - x / scale - logNorm);
  }
  return (sum * h) / kept;
}
