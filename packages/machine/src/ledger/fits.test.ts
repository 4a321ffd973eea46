import { describe, expect, it } from 'vitest';
import { fitsAmount, fitsWithin, RESOURCE_TOLERANCE } from './fits.ts';

describe('fits', () => {
  it('allows a rounding residue relative to capacity, no more', () => {
    const capacity = 1000;
    const slack = RESOURCE_TOLERANCE * capacity;
    expect(fitsAmount(10, 10, capacity)).toBe(true);
    expect(fitsAmount(10 + slack / 2, 10, capacity)).toBe(true);
    expect(fitsAmount(10 + slack * 2, 10, capacity)).toBe(false);
  });
  it('checks every resource, optionally in one row of a strided table', () => {
    const capacities = [4, 8];
    expect(fitsWithin([1, 8], [1, 8], capacities)).toBe(true);
    expect(fitsWithin([1, 9], [1, 8], capacities)).toBe(false);
    expect(fitsWithin([], [], [])).toBe(true);
    const table = [9, 0, 0, 9, 4, 8];
    expect(fitsWithin([4, 8], table, capacities, 1)).toBe(false);
    expect(fitsWithin([4, 8], table, capacities, 4)).toBe(true);
  });
});
