import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNumber } from './numbers.ts';

const problem = (text: string, rule = {}) => {
  const r = readNumber(text, rule);
  return r.ok ? undefined : r.problem;
};

describe('readNumber: one strict parser for numbers written as text', () => {
  it('reads decimal numerals, -0 as 0', () => {
    expect(readNumber('12')).toEqual({ ok: true, value: 12 });
    expect(readNumber('-0.5')).toEqual({ ok: true, value: -0.5 });
    expect(readNumber('3e4')).toEqual({ ok: true, value: 30000 });
    expect(readNumber('.25')).toEqual({ ok: true, value: 0.25 });
    expect(readNumber('-0')).toEqual({ ok: true, value: 0 });
  });

  it('refuses what Number() would quietly accept, saying why', () => {
    expect(problem('')).toBe("'' is not a decimal number");
    expect(problem(' 5')).toBe("' 5' is not a decimal number");
    expect(problem('0x10')).toBe("'0x10' is not a decimal number");
    expect(problem('Infinity')).toBe("'Infinity' is not a decimal number");
    expect(problem('1e400')).toBe("'1e400' is out of range (not a finite number)");
    expect(problem('-1e400')).toBe("'-1e400' is out of range (not a finite number)");
  });

  it('holds counts to exact integers and values to their bounds', () => {
    expect(problem('2.5', { integer: true })).toBe("'2.5' is not an integer");
    expect(problem('1e20', { integer: true })).toBe("'1e20' is too large to be exact (above 2^53)");
    expect(problem('0', { above: 0 })).toBe("'0' must be above 0");
    expect(problem('-1', { min: 0 })).toBe("'-1' is below 0");
    expect(problem('1', { below: 1 })).toBe("'1' must be below 1");
    expect(problem('7', { max: 6 })).toBe("'7' is above 6");
    expect(readNumber('4', { integer: true, min: 1, max: 4 })).toEqual({ ok: true, value: 4 });
  });

  it('reads back every finite double as written by JavaScript', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(readNumber(String(x))).toEqual({ ok: true, value: x || 0 });
      }),
    );
  });
});
