import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GangError } from '../errors/gang-error.ts';
import {
  assertPowerOfTwo,
  buddyBlockOf,
  buddyBlockSize,
  buddyBlocks,
  buddyOf,
  isPowerOfTwo,
} from './buddy-block.ts';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (e) {
    return e instanceof GangError ? e.code : `not a GangError: ${String(e)}`;
  }
};

describe('buddyBlockSize', () => {
  it('is the power of two n with n/2 < p ≤ n', () => {
    expect([1, 2, 3, 4, 5, 7, 8, 9, 100, 1024, 1025].map(buddyBlockSize)).toEqual([
      1, 2, 4, 4, 8, 8, 8, 16, 128, 1024, 2048,
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (p) => {
        const n = buddyBlockSize(p);
        expect(isPowerOfTwo(n)).toBe(true);
        expect(n / 2 < p && p <= n).toBe(true);
      }),
    );
  });

  it('refuses sizes that are not positive integers', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 31])
      expect(codeOf(() => buddyBlockSize(bad))).toBe('INVALID_ARGUMENT');
  });
});

describe('powers of two', () => {
  it('are recognised, and anything else is refused with a typed error', () => {
    expect([1, 2, 64, 1024].every(isPowerOfTwo)).toBe(true);
    expect([0, 3, 6, -4, 0.5, 1024.5].some(isPowerOfTwo)).toBe(false);
    expect(codeOf(() => assertPowerOfTwo(12, 'processor count'))).toBe('NOT_POWER_OF_TWO');
    expect(() => assertPowerOfTwo(12, 'processor count')).toThrow('processor count must be a power of two');
    expect(codeOf(() => assertPowerOfTwo(16, 'processor count'))).toBeUndefined();
  });
});

describe('aligned blocks', () => {
  it('contain a processor, pair with their buddy, and tile the machine', () => {
    expect(buddyBlockOf(5, 4)).toEqual({ start: 4, size: 4 });
    expect(buddyBlockOf(5, 1)).toEqual({ start: 5, size: 1 });
    expect(buddyOf({ start: 4, size: 4 })).toEqual({ start: 0, size: 4 });
    expect(buddyOf({ start: 2, size: 2 })).toEqual({ start: 0, size: 2 });
    expect(buddyOf({ start: 0, size: 2 })).toEqual({ start: 2, size: 2 });
    expect(buddyBlocks(8, 2).map((b) => b.start)).toEqual([0, 2, 4, 6]);
    expect(buddyBlocks(8, 8)).toEqual([{ start: 0, size: 8 }]);
    expect(codeOf(() => buddyBlocks(8, 16))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => buddyBlocks(8, 3))).toBe('NOT_POWER_OF_TWO');
  });
});
