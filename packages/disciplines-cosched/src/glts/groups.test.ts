import type { SchedulingContext } from '@js/core';
import { describe, expect, it } from 'vitest';
import { GroupBook } from './groups.ts';

const reported = (book: GroupBook): Record<string, number> => {
  const counters: Record<string, number> = {};
  book.report({
    count: (name: string, value: number) => (counters[name] = value),
  } as unknown as SchedulingContext);
  return counters;
};

describe('GroupBook: the search and fairness figures', () => {
  it('counts searches with fewer than four candidates (§5.3) and the groups that passed the fairness test', () => {
    const book = new GroupBook();
    for (const candidates of [0, 3, 4, 9]) book.searched(candidates);
    for (const passed of [true, false, false]) book.tested(passed);
    const counters = reported(book);
    expect(counters['search.fewCandidates']).toBe(0.5);
    expect(counters['fairness.passed']).toBeCloseTo(1 / 3, 12);
  });

  it('reports neither figure before any search or test', () => {
    const counters = reported(new GroupBook());
    expect(counters['search.fewCandidates']).toBeUndefined();
    expect(counters['fairness.passed']).toBeUndefined();
  });
});
