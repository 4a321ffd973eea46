import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studentTCdf, studentTQuantile } from './student-t.ts';

describe('studentTQuantile', () => {
  it('matches the printed two-sided 95 % table', () => {
    // t(0.975, ν) from any statistics textbook table.
    const table: [number, number][] = [
      [1, 12.7062],
      [2, 4.3027],
      [3, 3.1824],
      [4, 2.7764],
      [5, 2.5706],
      [9, 2.2622],
      [10, 2.2281],
      [20, 2.086],
      [30, 2.0423],
      [60, 2.0003],
      [120, 1.9799],
    ];
    for (const [nu, t] of table) expect(studentTQuantile(0.975, nu)).toBeCloseTo(t, 4);
  });

  it('matches other levels of the table', () => {
    expect(studentTQuantile(0.95, 10)).toBeCloseTo(1.8125, 4);
    expect(studentTQuantile(0.995, 10)).toBeCloseTo(3.1693, 4);
    expect(studentTQuantile(0.9, 1)).toBeCloseTo(3.0777, 4);
  });

  it('approaches the normal quantile for many degrees of freedom', () => {
    expect(studentTQuantile(0.975, 100_000)).toBeCloseTo(1.959964, 4);
  });

  it('is the inverse of the distribution function, and symmetric', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        fc.integer({ min: 1, max: 300 }),
        (p, nu) => {
          const t = studentTQuantile(p, nu);
          expect(studentTCdf(t, nu)).toBeCloseTo(p, 10);
          expect(studentTQuantile(1 - p, nu)).toBeCloseTo(-t, 8);
        },
      ),
    );
  });

  it('has the Cauchy distribution function for ν = 1', () => {
    expect(studentTCdf(1, 1)).toBeCloseTo(0.75, 14);
    expect(studentTCdf(0, 7)).toBe(0.5);
  });

  it('rejects degrees of freedom and probabilities out of range', () => {
    expect(() => studentTQuantile(0.975, 0)).toThrow(RangeError);
    expect(() => studentTQuantile(0.975, 2.5)).toThrow(/positive integer/);
    expect(() => studentTQuantile(1, 5)).toThrow(/not in \(0, 1\)/);
  });
});
