import { describe, expect, it } from 'vitest';
import { parseMatrix } from '../matrix/parse.ts';
import { nextCommonCleanCut, previousCommonCleanCut, swapShifts } from './swap.ts';

describe('exchanging two slots between clean cuts', () => {
  const m = parseMatrix(`
    A A A . X X X C
    D D E E . F F F`);

  it('finds cuts that no job instance straddles in either slot', () => {
    expect(nextCommonCleanCut(m, 0, 1, 5)).toBe(8);
    expect(nextCommonCleanCut(m, 0, 1, 4)).toBe(4);
    expect(previousCommonCleanCut(m, 0, 1, 3)).toBe(0);
    expect(previousCommonCleanCut(m, 0, 1, 8)).toBe(8);
  });

  it('lists one shift per job instance in the range, both ways', () => {
    expect(swapShifts(m, 0, 1, 4, 8)).toEqual([
      { job: 'X', from: 0, to: 1 },
      { job: 'C', from: 0, to: 1 },
      { job: 'F', from: 1, to: 0 },
    ]);
  });

  it('leaves a job that runs in both slots where it is', () => {
    const both = parseMatrix('A A B .\nA A . C');
    expect(swapShifts(both, 0, 1, 0, 4)).toEqual([
      { job: 'B', from: 0, to: 1 },
      { job: 'C', from: 1, to: 0 },
    ]);
  });
});
