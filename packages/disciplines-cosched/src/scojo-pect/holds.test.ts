import { describe, expect, it } from 'vitest';
import { firstRelease, type Hold } from './holds.ts';

const byId = (holds: Hold[]) => new Map(holds.map((h) => [h.id, h]));
const hold = (id: number, start: number, end: number, processors: number): Hold => ({
  id,
  start,
  end,
  processors,
});

describe('firstRelease: where a plan frees processors the last one held', () => {
  it('a job holding the same from the clock on cancels out, whatever its start before', () => {
    const before = byId([hold(1, 0, 50, 4), hold(2, 20, 60, 2)]);
    expect(firstRelease(before, [hold(1, 10, 50, 4), hold(2, 20, 60, 2)], 10)).toBe(Infinity);
  });
  it('a resident ending earlier frees from its new end', () => {
    expect(firstRelease(byId([hold(1, 0, 50, 4)]), [hold(1, 10, 40, 4)], 10)).toBe(40);
  });
  it('a job moved up frees where its new place no longer covers the old one', () => {
    // Job 2 moves from [30, 70) to [20, 60): freed from 60 on; job 3 gone from [80, 90).
    const before = byId([hold(2, 30, 70, 2), hold(3, 80, 90, 1)]);
    expect(firstRelease(before, [hold(2, 20, 60, 2)], 10)).toBe(60);
  });
  it('more taken elsewhere at the same instant does not hide a release: the balance counts', () => {
    // At 40, job 1 frees 4 and job 4 takes 2: 2 are freed. Job 5 taking 4 at 40 hides it.
    const before = byId([hold(1, 0, 50, 4)]);
    expect(firstRelease(before, [hold(1, 10, 40, 4), hold(4, 40, 45, 2)], 10)).toBe(40);
    expect(firstRelease(before, [hold(1, 10, 40, 4), hold(5, 40, 50, 4)], 10)).toBe(Infinity);
  });
  it('what ended before the clock is not compared', () => {
    expect(firstRelease(byId([hold(1, 0, 5, 4)]), [], 10)).toBe(Infinity);
  });
});
