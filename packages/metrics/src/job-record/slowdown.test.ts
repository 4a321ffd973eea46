import { describe, expect, it } from 'vitest';
import { boundedSlowdown, DEFAULT_BOUNDED_SLOWDOWN_THRESHOLD, slowdown } from './slowdown.ts';

describe('slowdown', () => {
  it('is response over run time', () => {
    expect(slowdown(25, 20)).toBe(1.25);
    expect(slowdown(30, 2)).toBe(15);
  });

  it('is infinite for a job that never ran', () => {
    expect(slowdown(5, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('boundedSlowdown', () => {
  it('uses τ = 10 s by default', () => {
    expect(DEFAULT_BOUNDED_SLOWDOWN_THRESHOLD).toBe(10);
    // A 2-s job that waited 28 s: response 30, plain slowdown 15, bounded 30 / 10.
    expect(boundedSlowdown(30, 2)).toBe(3);
  });

  it('is response over run time for jobs longer than τ', () => {
    expect(boundedSlowdown(25, 20)).toBe(1.25);
  });

  it('is never below 1', () => {
    // A 2-s job that did not wait: 2 / 10 < 1.
    expect(boundedSlowdown(2, 2)).toBe(1);
    expect(boundedSlowdown(0, 0)).toBe(1);
  });

  it('takes τ as an argument', () => {
    expect(boundedSlowdown(30, 2, 60)).toBe(1);
    expect(boundedSlowdown(30, 2, 5)).toBe(6);
  });
});
