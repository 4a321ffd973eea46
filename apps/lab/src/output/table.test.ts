import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enUs, formatFigure, formatNumber } from './table.ts';

describe('formatNumber', () => {
  it('writes what en-US Intl writes, for any double and each precision the tables use', () => {
    // Doubles of every magnitude (subnormals, small ones written with an exponent, ties such as
    // 0.125 or 261.9765, -0, 1e20…) and integers.
    const values = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer().map((n) => n / 8),
      fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 1000 + 0.0005),
      fc.double({ min: -1e-3, max: 1e-3, noNaN: true }),
      fc.maxSafeInteger(),
    );
    fc.assert(
      fc.property(values, fc.constantFrom(0, 1, 3, 4), (x, digits) => {
        expect(enUs(x, digits)).toBe(x.toLocaleString('en-US', { maximumFractionDigits: digits }));
      }),
      { numRuns: 20_000 },
    );
  });

  it('integers in full with thousands, others to 1, 3 or 4 decimals by size', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-1234.56)).toBe('-1,234.6');
    expect(formatNumber(12.34567)).toBe('12.346');
    expect(formatNumber(0.000049)).toBe('0');
    expect(formatNumber(-0.00004)).toBe('-0');
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(Number.NaN)).toBe('–');
    expect(formatNumber(Number.NEGATIVE_INFINITY)).toBe('-∞');
  });
});

describe('formatFigure', () => {
  it('three significant digits, written as formatNumber writes them; a dash where there is no figure', () => {
    expect(formatFigure(2.5803)).toBe('2.58');
    expect(formatFigure(1234.56)).toBe('1,230');
    expect(formatFigure(0.0004567)).toBe('0.0005');
    expect(formatFigure(-14.849)).toBe('-14.8');
    expect(formatFigure(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatFigure(Number.NaN)).toBe('—');
    expect(formatFigure(undefined)).toBe('—');
  });
});
