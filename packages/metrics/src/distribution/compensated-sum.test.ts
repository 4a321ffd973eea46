import { describe, expect, it } from 'vitest';
import { CompensatedSum } from './compensated-sum.ts';

describe('CompensatedSum', () => {
  it('keeps small terms that a plain sum loses next to a large one', () => {
    const sum = new CompensatedSum();
    let plain = 0;
    for (const x of [1e16, ...Array<number>(10).fill(1), -1e16]) {
      sum.add(x);
      plain += x;
    }
    expect(plain).not.toBe(10);
    expect(sum.value).toBe(10);
  });

  it('sums a million tenths to 100 000 exactly as rounded', () => {
    const sum = new CompensatedSum();
    for (let i = 0; i < 1_000_000; i++) sum.add(0.1);
    expect(sum.value).toBe(100_000);
  });
});
