import { describe, expect, it } from 'vitest';
import { LogicalArray } from './logical-array.ts';
import { gangSizeClass } from './size-class.ts';

describe('the logical array over the processors a discipline owns', () => {
  it('is the next power of two wide; a block is eligible when the processes it would run fall on real processors', () => {
    const array = new LogicalArray([0, 1, 2, 3, 4, 5], Number.POSITIVE_INFINITY);
    expect([array.width, array.size]).toEqual([8, 6]);
    expect(array.eligible({ start: 4, size: 2 }, 2)).toBe(true);
    expect(array.eligible({ start: 6, size: 2 }, 2)).toBe(false);
    expect(array.eligible({ start: 4, size: 4 }, 3)).toBe(false);
    // 5 processes in the block of 8 at 0 run on processors 0–4.
    expect(array.eligible({ start: 0, size: 8 }, 5)).toBe(true);
    expect(array.eligible({ start: 0, size: 8 }, 6)).toBe(true);
    for (let size = 1; size <= 6; size++) expect(array.anyEligible(size)).toBe(true);
  });

  it('maps columns to the processors owned, in order (a partition need not start at 0)', () => {
    const array = new LogicalArray([12, 10, 11, 9], Number.POSITIVE_INFINITY);
    expect(array.processorsOf(1, 2)).toEqual([10, 11]);
    expect(array.width).toBe(4);
  });

  it('under a multiprogramming limit, a block is eligible only where every process has room', () => {
    const array = new LogicalArray([0, 1, 2, 3], 2);
    array.reside(0, 4, 1);
    array.reside(0, 1, 1);
    expect(array.eligible({ start: 0, size: 2 }, 2)).toBe(false);
    expect(array.eligible({ start: 0, size: 2 }, 1)).toBe(false);
    expect(array.eligible({ start: 1, size: 1 }, 1)).toBe(true);
    expect(array.anyEligible(4)).toBe(false);
    expect(array.anyEligible(2)).toBe(true);
    array.reside(0, 1, -1);
    expect(array.anyEligible(4)).toBe(true);
  });
});

describe('gangSizeClass (§2)', () => {
  it('small 1–12 slots, medium 13–60, large above', () => {
    expect([5, 60, 61, 65, 300, 305, 600].map((t) => gangSizeClass(t))).toEqual([
      'small',
      'small',
      'medium',
      'medium',
      'medium',
      'large',
      'large',
    ]);
    expect(gangSizeClass(120, 10)).toBe('small');
  });
});
