import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GangError, type GangErrorCode } from '../errors/gang-error.ts';
import { matrixArb } from '../testing/arbitraries.ts';
import { describeMatrixState } from '../testing/invariants.ts';
import { parseMatrix } from './parse.ts';
import { SchedulingMatrix } from './scheduling-matrix.ts';
import type { MatrixEvent } from './types.ts';

/** Runs `op`, expects a GangError with `code`, and checks the matrix did not change at all. */
function expectRefused(matrix: SchedulingMatrix, code: GangErrorCode, op: () => unknown): GangError {
  const before = describeMatrixState(matrix);
  let error: unknown;
  try {
    op();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(GangError);
  expect((error as GangError).code).toBe(code);
  expect(describeMatrixState(matrix)).toBe(before);
  return error as GangError;
}

describe('SchedulingMatrix', () => {
  it('needs a power-of-two processor count', () => {
    for (const n of [0, 3, 6, 12, -4, 2.5]) {
      expect(() => new SchedulingMatrix(n)).toThrow(expect.objectContaining({ code: 'NOT_POWER_OF_TWO' }));
    }
    expect(() => new SchedulingMatrix(8, -1)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    const m = new SchedulingMatrix(8, 2);
    expect([m.processors, m.slots, m.jobCount]).toEqual([8, 2, 0]);
    expect(m.toString()).toBe('. . . . . . . .\n. . . . . . . .');
    expect(m.wltm.root).toBe(16);
  });

  it('places a job on consecutive processors of one slot', () => {
    const m = new SchedulingMatrix(8, 1);
    m.place({ id: 'A', start: 2, width: 4, size: 3 }, 0);
    expect(m.toString()).toBe('. . A A A A . .');
    expect(m.job('A')).toEqual({ id: 'A', start: 2, width: 4, size: 3, slots: [0] });
    expect(m.jobAt(0, 2)).toBe('A');
    expect(m.jobAt(0, 1)).toBeUndefined();
    expect(m.busyCells(0)).toBe(4);
    expect(m.wltm.render()).toBe('0\n0 0\n2 0 0 2\n1 1 0 0 0 0 1 1');
    expect(m.wlts.equals(m.wltm)).toBe(true);
  });

  it('refuses placements it cannot make, naming the reason, and changes nothing', () => {
    const m = parseMatrix('A A . .\n. . . .');
    expect(
      expectRefused(m, 'CELL_OCCUPIED', () => m.place({ id: 'B', start: 1, width: 2 }, 0)).message,
    ).toContain('processor 1 is held by job A');
    expectRefused(m, 'DUPLICATE_JOB', () => m.place({ id: 'A', start: 2, width: 2 }, 0));
    expectRefused(m, 'INVALID_ARGUMENT', () => m.place({ id: 'B', start: 3, width: 2 }, 0));
    expectRefused(m, 'INVALID_ARGUMENT', () => m.place({ id: 'B', start: 0, width: 0 }, 1));
    expectRefused(m, 'INVALID_ARGUMENT', () => m.place({ id: 'B', start: 0, width: 2, size: 3 }, 1));
    expectRefused(m, 'INVALID_ARGUMENT', () => m.place({ id: '.', start: 0, width: 2 }, 1));
    expectRefused(m, 'INVALID_ARGUMENT', () => m.place({ id: 'a b', start: 0, width: 2 }, 1));
    expectRefused(m, 'UNKNOWN_SLOT', () => m.place({ id: 'B', start: 0, width: 2 }, 2));
    const error = expectRefused(m, 'UNKNOWN_JOB', () => m.depart('Z'));
    // Errors carry the matrix as it is, labelled by slot.
    expect(error.rendering).toBe('S0 | A A . .\nS1 | . . . .');
    expect(error.message).toBe('UNKNOWN_JOB: no job Z in the matrix\nS0 | A A . .\nS1 | . . . .');
  });

  it('summarises large matrices in error messages instead of drawing them', () => {
    const m = new SchedulingMatrix(1024, 8);
    const error = expectRefused(m, 'UNKNOWN_JOB', () => m.depart(1));
    expect(error.rendering).toBe('(8 slots × 1024 processors: too large to draw)');
  });

  it('extends a job into an extra slot on the same processors, leaving WLTS intact (§5)', () => {
    const m = parseMatrix('A A . .\n. . B B');
    m.extend('A', 1);
    expect(m.toString()).toBe('A A . .\nA A B B');
    expect(m.job('A')!.slots).toEqual([0, 1]);
    expect(m.wltm.render()).toBe('0\n0 2\n0 0 1 1');
    expect(m.wlts.render()).toBe('4\n2 2\n1 1 1 1');
    expectRefused(m, 'CELL_OCCUPIED', () => m.extend('A', 1));
    m.place({ id: 'C', start: 3, width: 1 }, 0);
    expect(expectRefused(m, 'CELL_OCCUPIED', () => m.extend('B', 0)).message).toContain(
      'processor 3 is held by job C',
    );
    expectRefused(m, 'UNKNOWN_SLOT', () => m.extend('B', 2));
  });

  it('lets a job give up extra slots but never its last one', () => {
    const m = parseMatrix('A A . .\nA A B B');
    m.relinquish('A', 0);
    expect(m.toString()).toBe('. . . .\nA A B B');
    expect(m.job('A')!.slots).toEqual([1]);
    expect(m.wltm.equals(m.wlts)).toBe(true);
    expectRefused(m, 'LAST_SLOT_OF_JOB', () => m.relinquish('A', 1));
    expectRefused(m, 'INVALID_ARGUMENT', () => m.relinquish('A', 0));
  });

  it('frees every slot of a departing job and reuses its storage for the next', () => {
    const m = parseMatrix('A A . .\nA A B B');
    expect(m.depart('A')).toEqual([0, 1]);
    expect(m.toString()).toBe('. . . .\n. . B B');
    expect(m.hasJob('A')).toBe(false);
    expect(m.wltm.render()).toBe('6\n4 2\n2 2 1 1');
    m.place({ id: 'C', start: 0, width: 1 }, 1);
    expect(m.toString()).toBe('. . . .\nC . B B');
    expect([...m.jobs()].map((j) => j.id)).toEqual(['B', 'C']);
  });

  it('shifts a whole job to free cells of another slot, same processors', () => {
    const m = parseMatrix('A A B B\n. . . .');
    m.legalShift('B', 0, 1);
    expect(m.toString()).toBe('A A . .\n. . B B');
    expect(m.job('B')!.slots).toEqual([1]);
    expectRefused(m, 'ILLEGAL_SHIFT', () => m.legalShift('B', 1, 1));
    expectRefused(m, 'ILLEGAL_SHIFT', () => m.legalShift('B', 0, 1));
    expectRefused(m, 'UNKNOWN_SLOT', () => m.legalShift('B', 1, 2));
    m.place({ id: 'C', start: 0, width: 1 }, 1);
    expect(expectRefused(m, 'ILLEGAL_SHIFT', () => m.legalShift('A', 0, 1)).message).toContain(
      'cannot shift job A from slot 0 to slot 1: processor 0 there is held by job C',
    );
  });

  it('re-packs a set of shifts at once: two overlapping jobs may trade slots', () => {
    // Neither shift alone has free target cells; together they only reorder execution.
    const m = parseMatrix('. X X Y\nZ . W W');
    expectRefused(m, 'ILLEGAL_SHIFT', () => m.legalShift('X', 0, 1));
    expectRefused(m, 'ILLEGAL_SHIFT', () => m.legalShift('W', 1, 0));
    m.repack([
      { job: 'X', from: 0, to: 1 },
      { job: 'Y', from: 0, to: 1 },
      { job: 'W', from: 1, to: 0 },
    ]);
    expect(m.toString()).toBe('. . W W\nZ X X Y');
    expect(m.wltm.render()).toBe('0\n2 0\n1 1 0 0');
  });

  it('refuses a re-packing that would put two jobs in one cell, and restores everything', () => {
    const m = parseMatrix('A A B B\nC C . .\n. . . .');
    const error = expectRefused(m, 'ILLEGAL_SHIFT', () =>
      m.repack([
        { job: 'A', from: 0, to: 2 },
        { job: 'B', from: 0, to: 1 },
        { job: 'C', from: 1, to: 2 },
      ]),
    );
    expect(error.message).toContain(
      'cannot shift job C from slot 1 to slot 2: job A is shifted onto processor 0 there too',
    );
    expectRefused(m, 'ILLEGAL_SHIFT', () =>
      m.repack([
        { job: 'A', from: 0, to: 2 },
        { job: 'A', from: 0, to: 1 },
      ]),
    );
    expectRefused(m, 'UNKNOWN_JOB', () => m.repack([{ job: 'Q', from: 0, to: 1 }]));
    m.repack([]);
    expect(m.toString()).toBe('A A B B\nC C . .\n. . . .');
  });

  it('lets a job with two slots trade them in one re-packing', () => {
    const m = parseMatrix('A A\nA A');
    m.repack([
      { job: 'A', from: 0, to: 1 },
      { job: 'A', from: 1, to: 0 },
    ]);
    expect(m.job('A')!.slots).toEqual([1, 0]);
    expect(m.toString()).toBe('A A\nA A');
  });

  it('tells clean cuts: no job instance straddles them', () => {
    const m = parseMatrix('A A . B');
    expect([0, 1, 2, 3, 4].map((x) => m.isCleanCut(0, x))).toEqual([true, false, true, true, true]);
    expect(m.idleRunEnd(0, 2, 4)).toBe(3);
    expect(m.idleRunEnd(0, 0, 4)).toBe(0);
  });

  it('deletes only empty slots, renumbering the slots below', () => {
    const m = parseMatrix('A A . .\n. . . .\nB B C C\nA A . .');
    expectRefused(m, 'SLOT_NOT_EMPTY', () => m.deleteSlot(0));
    expectRefused(m, 'UNKNOWN_SLOT', () => m.deleteSlot(4));
    m.deleteSlot(1);
    expect(m.toString()).toBe('A A . .\nB B C C\nA A . .');
    expect(m.job('A')!.slots).toEqual([0, 2]);
    expect(m.job('C')!.slots).toEqual([1]);
    expect(m.wltm.render()).toBe('0\n0 4\n0 0 2 2');
  });

  it('grows past its initial capacity', () => {
    const m = new SchedulingMatrix(2);
    for (let s = 0; s < 20; s++) m.place({ id: s, start: s % 2, width: 1 }, m.addSlot());
    expect(m.slots).toBe(20);
    expect(m.jobAt(19, 1)).toBe(19);
    expect(m.wltm.root).toBe(20);
  });

  it('reports every change, in order', () => {
    const m = new SchedulingMatrix(4);
    const events: MatrixEvent[] = [];
    const stop = m.subscribe((e) => events.push(e));
    m.addSlot();
    m.addSlot();
    m.place({ id: 'A', start: 0, width: 2 }, 0);
    m.extend('A', 1);
    m.relinquish('A', 0);
    m.legalShift('A', 1, 0);
    m.depart('A');
    m.deleteSlot(1);
    stop();
    m.addSlot();
    expect(events).toEqual([
      { kind: 'addSlot', slot: 0 },
      { kind: 'addSlot', slot: 1 },
      { kind: 'place', job: 'A', start: 0, width: 2, size: 2, slot: 0 },
      { kind: 'extend', job: 'A', slot: 1 },
      { kind: 'relinquish', job: 'A', slot: 0 },
      { kind: 'repack', shifts: [{ job: 'A', from: 1, to: 0 }] },
      { kind: 'depart', job: 'A', slots: [0] },
      { kind: 'deleteSlot', slot: 1 },
    ]);
  });

  it('clones into an independent matrix', () => {
    const m = parseMatrix('A A . .\nA A B B');
    const copy = m.clone();
    copy.depart('A');
    copy.addSlot();
    expect(m.toString()).toBe('A A . .\nA A B B');
    expect(m.job('A')!.slots).toEqual([0, 1]);
    expect(copy.toString()).toBe('. . . .\n. . B B\n. . . .');
    expect(copy.wltm.root).toBe(10);
    expect(m.wltm.root).toBe(0);
  });

  it('lists the jobs of a slot in placement order, whoever was shifted or extended there since', () => {
    const m = parseMatrix('A A B B\nC C . .');
    m.place({ id: 'D', start: 2, width: 1 }, 1);
    m.repack([
      { job: 'A', from: 0, to: 1 },
      { job: 'C', from: 1, to: 0 },
    ]);
    expect(m.toString()).toBe('C C B B\nA A D .');
    expect(m.jobsInSlot(0)).toEqual(['B', 'C']);
    expect(m.jobsInSlot(1)).toEqual(['A', 'D']);
    expect(() => m.jobsInSlot(2)).toThrow(/UNKNOWN_SLOT/);
  });

  it('lists a slot’s jobs as the jobs whose slots include it, in the order jobs() gives', () => {
    fc.assert(
      fc.property(matrixArb({ maxLog2: 4, maxOperations: 40 }), (m) => {
        for (const matrix of [m, m.clone()]) {
          for (let s = 0; s < matrix.slots; s++) {
            const expected = [...matrix.jobs()].filter((j) => j.slots.includes(s)).map((j) => j.id);
            expect(matrix.jobsInSlot(s)).toEqual(expected);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
