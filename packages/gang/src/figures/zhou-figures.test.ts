import { describe, expect, it } from 'vitest';
import { allocate } from '../allocate/allocate.ts';
import { GangError } from '../errors/gang-error.ts';
import { parseMatrix } from '../matrix/parse.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import type { MatrixEvent } from '../matrix/types.ts';
import { canExtendJob, extendJob } from '../multi-slot/extend.ts';
import { canEliminateSlot, eliminateSlot } from '../repack/eliminate-slot.ts';
import { workloadTreeFromMatrix } from '../workload-tree/recompute.ts';

/**
 * The worked examples of Zhou et al. §3 and §5 on 8 processors. The figures themselves are
 * not in the text we have, so each layout below is rebuilt from what the prose says about it
 * (which jobs sit where, which shifts are made, which tree nodes are zero); the assertions are
 * the outcomes the prose describes.
 */

/** Same layout, any spacing. */
const draw = (text: string): string =>
  parseMatrix(text)
    .toString()
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');

function record(matrix: SchedulingMatrix): MatrixEvent[] {
  const events: MatrixEvent[] = [];
  matrix.subscribe((e) => events.push(e));
  return events;
}

const shiftsIn = (events: readonly MatrixEvent[]) =>
  events.flatMap((e) =>
    e.kind === 'repack' ? e.shifts.map((s) => `${String(s.job)}:${s.from}->${s.to}`) : [],
  );

describe('Fig. 1: multiple slots versus re-packing', () => {
  // Three slots, nine jobs; J' and J'' in S2 are about to terminate. J1, J2 (S1) and J7 (S3)
  // sit on processors that J' and J'' free; J5, J6 sit under J1, J2.
  const fig1a = `
    J1 J1 J2 J2 J3  J3  J3  J3
    J' J' J' J' J'' J'' J'' J4
    J5 J5 J6 J6 J7  J7  J7  .`;
  const afterTermination = draw(`
    J1 J1 J2 J2 J3 J3 J3 J3
    .  .  .  .  .  .  .  J4
    J5 J5 J6 J6 J7 J7 J7 .`);

  const terminated = (): SchedulingMatrix => {
    const m = parseMatrix(fig1a);
    m.depart("J'");
    m.depart("J''");
    return m;
  };

  it('(a) renders as drawn, and the two jobs leaving free most of S2', () => {
    expect(parseMatrix(fig1a).toString()).toBe(
      [
        'J1  J1  J2  J2  J3  J3  J3  J3',
        "J'  J'  J'  J'  J'' J'' J'' J4",
        'J5  J5  J6  J6  J7  J7  J7  .',
      ].join('\n'),
    );
    expect(terminated().toString()).toBe(afterTermination);
  });

  it('(b) J1, J2 and J7 take the freed cells as extra slots; then a new job needs a fourth slot', () => {
    const m = terminated();
    for (const id of ['J1', 'J2', 'J7']) expect(extendJob(m, id)).toBe(1);
    expect(m.toString()).toBe(
      draw(`
        J1 J1 J2 J2 J3 J3 J3 J3
        J1 J1 J2 J2 J7 J7 J7 J4
        J5 J5 J6 J6 J7 J7 J7 .`),
    );
    expect(m.job('J7')!.slots).toEqual([2, 1]);
    // "Because the freed resources have been reallocated to the running jobs, the fourth
    // time slot has to be created" for a job needing more than one processor.
    const placed = allocate(m, { id: 'J8', size: 2 });
    expect(placed).toMatchObject({ addedSlot: true, slot: 3 });
    expect(m.slots).toBe(4);
  });

  it("(c) the paper's re-packing: J1, J2 up to S2, J5, J6 down to S1, J7 to S2; S3 is deleted", () => {
    const m = terminated();
    m.legalShift('J1', 0, 1);
    m.legalShift('J2', 0, 1);
    m.legalShift('J5', 2, 0);
    m.legalShift('J6', 2, 0);
    m.legalShift('J7', 2, 1);
    expect(m.isSlotEmpty(2)).toBe(true);
    m.deleteSlot(2);
    expect(m.toString()).toBe(
      draw(`
        J5 J5 J6 J6 J3 J3 J3 J3
        J1 J1 J2 J2 J7 J7 J7 J4`),
    );
    expect(canEliminateSlot(m)).toBe(false);
  });

  it('(c) eliminateSlot reaches two slots too, with a single legal shift', () => {
    const m = terminated();
    expect(canEliminateSlot(m, { by: 'WLTM' })).toBe(true);
    const events = record(m);
    expect(eliminateSlot(m, { by: 'WLTM' })).toEqual({ slot: 1, relinquished: [] });
    expect(shiftsIn(events)).toEqual(['J4:1->2']);
    expect(m.toString()).toBe(
      draw(`
        J1 J1 J2 J2 J3 J3 J3 J3
        J5 J5 J6 J6 J7 J7 J7 J4`),
    );
  });

  it('a shift into busy cells is refused and changes nothing', () => {
    const m = terminated();
    const before = m.toString();
    // J5 cannot go down to S1 before J1 has left it.
    expect(() => m.legalShift('J5', 2, 0)).toThrow(GangError);
    try {
      m.legalShift('J5', 2, 0);
    } catch (e) {
      expect((e as GangError).code).toBe('ILLEGAL_SHIFT');
      expect((e as GangError).message).toContain('processor 0 there is held by job J1');
      expect((e as GangError).rendering).toContain(`S2 | J5 J5 J6 J6 J7 J7 J7 .`);
    }
    expect(m.toString()).toBe(before);
  });
});

describe('Fig. 2: the workload tree', () => {
  // P1 (processor 0) has no idle slot, P8 (processor 7) has two; the second node of the
  // second level is 5; the two rightmost nodes of the third level are non-zero, with J2 and
  // J6 running within them.
  const fig2 = `
    J1 J1 J1 J1 J2 J2 .  .
    J3 J3 J3 J3 J4 J5 J7 .
    J8 J8 .  .  .  .  J6 J6`;

  it('has the node values the text gives', () => {
    const m = parseMatrix(fig2);
    expect(m.wltm.render()).toBe(['0', '0 5', '0 2 2 3', '0 0 1 1 1 1 1 2'].join('\n'));
    expect(m.wltm.leaf(0)).toBe(0);
    expect(m.wltm.leaf(7)).toBe(2);
    expect(m.wltm.blockValue(4, 4)).toBe(5);
    // Every job runs in one slot, so both trees agree.
    expect(m.wlts.equals(m.wltm)).toBe(true);
    expect(canEliminateSlot(m)).toBe(false);
  });

  it('places a job of size 4 on the last four processors: re-pack J6 into S1, then use S3', () => {
    const m = parseMatrix(fig2);
    const events = record(m);
    const placed = allocate(m, { id: 'J9', size: 4 });
    expect(placed).toEqual({ id: 'J9', slot: 2, start: 4, width: 4, addedSlot: false, relinquished: [] });
    expect(shiftsIn(events)).toEqual(['J6:2->0']);
    expect(m.toString()).toBe(
      draw(`
        J1 J1 J1 J1 J2 J2 J6 J6
        J3 J3 J3 J3 J4 J5 J7 .
        J8 J8 .  .  J9 J9 J9 J9`),
    );
    // "the values of the associated nodes need to be updated accordingly"
    expect(m.wltm.render()).toBe(['0', '0 0', '0 2 0 0', '0 0 1 1 0 0 0 1'].join('\n'));
    expect(m.wltm.equals(workloadTreeFromMatrix(m, 'WLTM'))).toBe(true);
  });

  it('J2 and J6 can be given an additional slot; J1 and J3 cannot', () => {
    const m = parseMatrix(fig2);
    expect(canExtendJob(m, 'J2')).toBe(true);
    expect(canExtendJob(m, 'J6')).toBe(true);
    expect(canExtendJob(m, 'J1')).toBe(false);
    expect(canExtendJob(m, 'J3')).toBe(false);
    expect(extendJob(m, 'J2')).toBe(2);
    expect(extendJob(m, 'J6')).toBe(0);
    expect(m.toString()).toBe(
      draw(`
        J1 J1 J1 J1 J2 J2 J6 J6
        J3 J3 J3 J3 J4 J5 J7 .
        J8 J8 .  .  J2 J2 J6 J6`),
    );
    // Extra slots leave WLTS intact (§5).
    expect(m.wlts.render()).toBe(['0', '0 5', '0 2 2 3', '0 0 1 1 1 1 1 2'].join('\n'));
    expect(m.wltm.render()).toBe(['0', '0 0', '0 2 0 0', '0 0 1 1 0 0 0 1'].join('\n'));
  });
});

describe('Fig. 3: WLTS and WLTM', () => {
  // J3 and J5 hold extra slots in S3; J2 runs in S3 above processors idle in S1.
  const fig3 = `
    J1 J1 J1 J1 J5 J5 .  .
    J4 J4 J3 J3 J6 J6 J6 J6
    .  .  J3 J3 J5 J5 J2 J2`;

  it('the trees differ only by the extra slots', () => {
    const m = parseMatrix(fig3);
    expect(m.job('J3')!.slots).toEqual([1, 2]);
    expect(m.job('J5')!.slots).toEqual([0, 2]);
    expect(m.wltm.render()).toBe(['0', '0 0', '2 0 0 2', '1 1 0 0 0 0 1 1'].join('\n'));
    expect(m.wlts.render()).toBe(['8', '4 4', '2 2 2 2', '1 1 1 1 1 1 1 1'].join('\n'));
  });

  it('WLTM: the rightmost third-level node is non-zero, so J2 can run in both S1 and S3', () => {
    const m = parseMatrix(fig3);
    expect(m.wltm.blockValue(6, 2)).toBe(2);
    expect(extendJob(m, 'J2')).toBe(0);
    expect(m.job('J2')!.slots).toEqual([2, 0]);
  });

  it('WLTS: the root is non-zero, so J2 moves to S1, J3 and J5 give up S3, and S3 is deleted', () => {
    const m = parseMatrix(fig3);
    expect(canEliminateSlot(m, { by: 'WLTS' })).toBe(true);
    expect(canEliminateSlot(m, { by: 'WLTM' })).toBe(false);
    const events = record(m);
    const done = eliminateSlot(m, { by: 'WLTS' });
    expect(done).toEqual({
      slot: 2,
      relinquished: [
        { job: 'J3', slot: 2 },
        { job: 'J5', slot: 2 },
      ],
    });
    expect(shiftsIn(events)).toEqual(['J2:2->0']);
    expect(m.toString()).toBe(
      draw(`
        J1 J1 J1 J1 J5 J5 J2 J2
        J4 J4 J3 J3 J6 J6 J6 J6`),
    );
    expect(m.wlts.equals(m.wltm)).toBe(true);
  });

  it('by WLTM alone no slot can go, and asking anyway changes nothing', () => {
    const m = parseMatrix(fig3);
    const before = m.toString();
    expect(() => eliminateSlot(m, { by: 'WLTM' })).toThrowError(/NO_IDLE_FRAGMENT/);
    expect(m.toString()).toBe(before);
  });
});
