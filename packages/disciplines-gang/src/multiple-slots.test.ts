import { canExtendJob, extendJob, parseMatrix, type SchedulingMatrix } from '@js/gang';
import { checkGangInvariants, matrixArb } from '@js/gang/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendWherePossible } from './multiple-slots.ts';

/** §4's "whenever possible" read literally: every pass looks at every job, until one gives nothing. */
function everyJobEveryPass(matrix: SchedulingMatrix): number {
  let given = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (const job of [...matrix.jobs()]) {
      if (!canExtendJob(matrix, job.id)) continue;
      extendJob(matrix, job.id);
      given++;
      changed = true;
    }
  }
  return given;
}

const slotsOf = (m: SchedulingMatrix) => [...m.jobs()].map((j) => [j.id, [...j.slots]]);

describe('extendWherePossible', () => {
  it('shares freed cells out, one extra slot per job per pass, oldest first', () => {
    // Pass 1: A takes slot 2 (processor 0 is idle only there), B slot 1; C's processor is busy
    // in every slot. Pass 2: only B, just extended, is looked at again, and takes slot 2.
    const m = parseMatrix('A A B B\nC . . .\n. . . .');
    expect(extendWherePossible(m)).toBe(3);
    expect(m.toString()).toBe('A A B B\nC . B B\nA A B B');
    expect(slotsOf(m)).toEqual([
      ['A', [0, 2]],
      ['B', [0, 1, 2]],
      ['C', [1]],
    ]);
    expect(extendWherePossible(m)).toBe(0);
  });

  it('gives exactly what passes over every job would, leaving no job that could still extend', () => {
    fc.assert(
      fc.property(matrixArb({ maxLog2: 4, maxOperations: 40 }), (m) => {
        const literal = m.clone();
        const expected = everyJobEveryPass(literal);
        expect(extendWherePossible(m)).toBe(expected);
        expect(m.toString()).toBe(literal.toString());
        expect(slotsOf(m)).toEqual(slotsOf(literal));
        for (const job of m.jobs()) expect(canExtendJob(m, job.id)).toBe(false);
        expect(checkGangInvariants(m)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
