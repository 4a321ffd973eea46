import { describe, expect, it } from 'vitest';
import { lnGamma, regularizedGammaP } from './gamma-function.ts';
import { hyperexponentialMixture } from './hyperexponential.ts';

describe('ln Γ and the regularised incomplete gamma P(a, x)', () => {
  it('ln Γ matches factorials and Γ(½) = √π', () => {
    expect(lnGamma(1)).toBeCloseTo(0, 12);
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(lnGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
    expect(lnGamma(20.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)) + sumLog(20), 9);
    expect(lnGamma(639.1)).toBeCloseTo(lnGamma(638.1) + Math.log(638.1), 8);
  });

  it('P(1, x) = 1 − e^(−x) and the Erlang closed form for integer a, on both sides of the mode', () => {
    for (const x of [0.01, 0.5, 1, 3, 10, 40]) {
      expect(regularizedGammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 12);
      const erlang3 = 1 - Math.exp(-x) * (1 + x + (x * x) / 2);
      expect(regularizedGammaP(3, x)).toBeCloseTo(erlang3, 12);
    }
    expect(regularizedGammaP(2.5, 0)).toBe(0);
    expect(regularizedGammaP(2.5, Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('P(½, x) = erf(√x): P(½, 1) = erf(1) = 0.8427007929497149', () => {
    expect(regularizedGammaP(0.5, 1)).toBeCloseTo(0.8427007929497149, 12);
  });

  it('is a CDF at large shapes (Lublin’s batch gamma: shape 639.1)', () => {
    const median = regularizedGammaP(639.1, 639.1 - 1 / 3); // the median of a gamma is ≈ a − ⅓
    expect(median).toBeCloseTo(0.5, 3);
  });
});

describe('hyperexponentialMixture: Sevcik’s essential work', () => {
  it('0.125 × mean 101 + 0.875 × mean 1.3: E = 13.7625, CV = 3.53 (Anastasiadis & Sevcik: 13.76, 3.5)', () => {
    const d = hyperexponentialMixture([
      { probability: 0.125, mean: 101 },
      { probability: 0.875, mean: 1.3 },
    ]);
    expect(d.mean).toBeCloseTo(13.7625, 10);
    expect(Math.sqrt(d.variance) / d.mean).toBeCloseTo(3.533, 3);
    expect(d.probabilityBelow(10)).toBeCloseTo(
      0.125 * (1 - Math.exp(-10 / 101)) + 0.875 * (1 - Math.exp(-10 / 1.3)),
      12,
    );
  });
});

function sumLog(n: number): number {
  // ln Γ(n + ½) = ln √π + Σ_{k=1..n} ln(k − ½)
  let s = 0;
  for (let k = 1; k <= n; k++) s += Math.log(k - 0.5);
  return s;
}
