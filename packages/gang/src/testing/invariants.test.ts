import { describe, expect, it } from 'vitest';
import { parseMatrix } from '../matrix/parse.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { WorkloadTree } from '../workload-tree/workload-tree.ts';
import { checkGangInvariants, describeMatrixState } from './invariants.ts';

/** A matrix that lies about one thing, to show the checker is not fooled. */
function lying(matrix: SchedulingMatrix, overrides: Record<string, unknown>): SchedulingMatrix {
  return new Proxy(matrix, {
    get(target, key) {
      if (typeof key === 'string' && key in overrides) return overrides[key];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('checkGangInvariants', () => {
  const m = parseMatrix('A A B B\nA A . .');

  it('accepts a consistent matrix', () => {
    expect(checkGangInvariants(m)).toEqual([]);
  });

  it('catches a workload tree that is off', () => {
    const problems = checkGangInvariants(lying(m, { wltm: WorkloadTree.fromLeaves([0, 0, 1, 2]) }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^WLTM differs from its definition over the cells: block 3\+1 is 2, should be 1/,
    );
    // WLTS counts A's extra slot as idle; reporting WLTM instead is wrong.
    expect(checkGangInvariants(lying(m, { wlts: m.wltm }))[0]).toMatch(/^WLTS differs/);
  });

  it('catches a job record that disagrees with the cells', () => {
    const record = { ...m.job('A')!, slots: [0] };
    const problems = checkGangInvariants(lying(m, { jobs: () => [record, m.job('B')!][Symbol.iterator]() }));
    expect(problems).toContain('job A: holds 4 cells, expected 2 × 1 slots');
  });

  it('catches a cell held by a job that does not exist, and busy counts that are wrong', () => {
    const ghost = lying(m, {
      jobAt: (s: number, p: number) => (s === 1 && p === 3 ? 'Q' : m.jobAt(s, p)),
    });
    const problems = checkGangInvariants(ghost);
    expect(problems).toContain('slot 1, processor 3: job Q has no record');
    expect(problems).toContain('slot 1: 3 busy cells, the matrix counts 2');
  });

  it('describes everything observable, slot order of jobs included', () => {
    expect(describeMatrixState(m)).toBe(
      [
        'S0 | A A B B',
        'S1 | A A . .',
        'A: processors 0+2 (size 2) in slots 0,1',
        'B: processors 2+2 (size 2) in slots 0',
        'WLTM:\n0\n0 2\n0 0 1 1',
        'WLTS:\n4\n2 2\n1 1 1 1',
      ].join('\n'),
    );
  });
});
