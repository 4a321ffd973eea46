import { RandomStreams } from '@js/core';
import { describe, expect, it } from 'vitest';
import { confidenceInterval, enoughReplications } from './confidence-interval.ts';

describe('confidenceInterval', () => {
  it("reproduces Student's sleep data (paired differences, 1908)", () => {
    // Extra hours of sleep, drug 2 minus drug 1, ten patients (Cushny & Peebles, as in Student 1908).
    // R: t.test(extra ~ group, data = sleep, paired = TRUE) gives 95 % CI 0.7001142 … 2.4598858.
    const ci = confidenceInterval([1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4]);
    expect(ci.replications).toBe(10);
    expect(ci.mean).toBeCloseTo(1.58, 12);
    expect(ci.standardDeviation).toBeCloseTo(1.229995, 6);
    expect(ci.lower).toBeCloseTo(0.7001142, 6);
    expect(ci.upper).toBeCloseTo(2.4598858, 6);
    expect(ci.halfWidth).toBeCloseTo(0.8798858, 6);
    expect(ci.relativeHalfWidth).toBeCloseTo(0.8798858 / 1.58, 6);
    expect(ci.confidence).toBe(0.95);
  });

  it('widens with the confidence level', () => {
    const values = [2, 4, 4, 4, 5, 5, 7, 9];
    // Mean 5, s = √(32/7); t(0.995, 7) = 3.4995.
    const ci = confidenceInterval(values, { confidence: 0.99 });
    expect(ci.halfWidth).toBeCloseTo((3.4995 * Math.sqrt(32 / 7)) / Math.sqrt(8), 3);
  });

  it('has no finite interval from fewer than two values', () => {
    expect(confidenceInterval([3]).halfWidth).toBe(Number.POSITIVE_INFINITY);
    expect(confidenceInterval([]).mean).toBeNaN();
  });

  it('covers the true mean of normal samples about 95 % of the time, even for n = 5', () => {
    // With z = 1.96 instead of t(0.975, 4) = 2.776 the coverage would be about 88 %.
    const u = new RandomStreams(42).stream('coverage');
    const normal = (): number => Math.sqrt(-2 * Math.log(1 - u.next())) * Math.cos(2 * Math.PI * u.next());
    const trials = 4000;
    let covered = 0;
    for (let i = 0; i < trials; i++) {
      const ci = confidenceInterval(Array.from({ length: 5 }, () => 10 + 3 * normal()));
      if (ci.lower <= 10 && 10 <= ci.upper) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.935);
    expect(covered / trials).toBeLessThan(0.965);
  });
});

describe('enoughReplications', () => {
  it('stops once the 95 % half-width is within 5 % of the mean', () => {
    // Mean 100, s = √2: half-width t(0.975, 4)·√2/√5 ≈ 1.76, i.e. 1.8 % of the mean.
    expect(enoughReplications([98, 100, 102, 100, 100])).toBe(true);
    // Mean 100, s = √50: half-width ≈ 8.78, i.e. 8.8 % of the mean.
    expect(enoughReplications([90, 100, 110, 100, 100])).toBe(false);
    // Sleep data: half-width 56 % of the mean.
    expect(enoughReplications([1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4])).toBe(false);
  });

  it('takes the target and the minimum count as options', () => {
    const sleep = [1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4];
    expect(enoughReplications(sleep, { targetRelativeHalfWidth: 0.6 })).toBe(true);
    expect(enoughReplications([100, 100.1], { minReplications: 3 })).toBe(false);
    expect(enoughReplications([100, 100.1])).toBe(true);
  });

  it('never stops on a single value', () => {
    expect(enoughReplications([100])).toBe(false);
  });

  it('rejects a bad option', () => {
    expect(() => enoughReplications([1, 2], { minReplications: 1 })).toThrow(/minReplications/);
  });
});
