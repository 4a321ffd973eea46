import { checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { at, diskLeastUsed, job, memoryAndDisk } from './balanced.test-support.ts';
import { easyBb, easyBl } from './easy-balanced.ts';
import { fullnessScore } from './resource-balance.ts';

/*
 * The two readings of the §2.2 fullness modifier A (see `easy-balanced.ts`): 'imbalance' =
 * 1 + (cost − 1) × A (the default), 'score' = cost × A. The hand-checked cases under 'score' are
 * in `balanced.test.ts`, with the EASY equivalence on processors only under both.
 */

describe('BB: the three readings each start a different job first', () => {
  /**
   * 10 processors, 100 memory, 100 disk; only memory and disk count (K = 2). Job 1 (4 procs, 30
   * memory, 30 disk) runs until 10: U = (.3, .3). Head job 2 needs 80 memory: reserved at 10.
   * Jobs 3–5 take 6 processors each, so one runs at a time, and end by 10:
   *
   *   job  S = U + R      mean  cost   A     cost × A  1 + (cost − 1) × A
   *   3    .41, .39       .40   1.025  .60   .615      1.015
   *   4    .84, .76       .80   1.05   .20   .21       1.01
   *   5    1.0, .76       .88   1.136  .12   .136      1.0164
   *
   * Without the modifier the best balance, job 3, starts at 0; 'score' takes job 5, which nearly
   * fills the machine; 'imbalance' takes job 4: job 5's worse balance is forgiven less than
   * job 3's (.136 × .12 > .05 × .2 < .025 × .6). At 5 the two left are scored on the same U; the
   * one left after that needs memory the head holds (job 5) and waits until 20, or fits beside the
   * head at 10 (job 3).
   */
  const machine = memoryAndDisk(100);
  const jobs = [
    job(1, 4, 10, 30, 30),
    job(2, 1, 10, 80, 0),
    job(3, 6, 5, 11, 9),
    job(4, 6, 5, 54, 46),
    job(5, 6, 5, 70, 46),
  ];
  const head = [at(1, 0, 10, 4), at(2, 10, 20, 1)];

  it.each([
    { fullness: false, expected: [...head, at(3, 0, 5, 6), at(4, 5, 10, 6), at(5, 20, 25, 6)] },
    { fullness: 'score', expected: [...head, at(3, 10, 15, 6), at(4, 5, 10, 6), at(5, 0, 5, 6)] },
    { fullness: 'imbalance', expected: [...head, at(3, 5, 10, 6), at(4, 0, 5, 6), at(5, 20, 25, 6)] },
  ])('fullness $fullness', async ({ fullness, expected }) => {
    const run = await checkRun(easyBb, machine, jobs, { reservations: true, options: { fullness } });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual(expected);
  });

  it("'imbalance' is the default", async () => {
    const run = await checkRun(easyBb, machine, jobs, { reservations: true });
    expect(run.schedule).toContainEqual(at(4, 0, 5, 6));
  });

  it('any other value is refused', async () => {
    await expect(checkRun(easyBb, machine, jobs, { options: { fullness: 'excess' } })).rejects.toThrow(
      /fullness/,
    );
  });
});

describe("BL with 'imbalance': every match scores 1 and matches start in queue order", () => {
  it('the earlier match starts before the fuller one, and a later match follows it', async () => {
    // 10 processors, 10 memory, 10 disk, processors counted (K = 3). Job 1 (4 procs, 4 memory,
    // 2 disk) runs until 10: U = (.4, .2, .4), disk least utilised; head job 2 (8 memory) is
    // reserved at 10. Jobs 3 (R .2, .3, .1) and 5 (0, .5, .2) match (largest: disk), job 4
    // (.5, 0, .1) does not. 'score' starts job 5 (A .433 < .467) and then job 4 (see
    // balanced.test.ts). 'imbalance' scores 3 and 5 both 1 and starts job 3, the earlier. Then
    // U = (.6, .5, .5): disk and processors tie least utilised, job 5 still matches (1), job 4
    // still not (1 + .4): job 5 starts; job 4 (memory: 6 + 5 > 10) waits until 5. First fit's
    // schedule, here.
    const jobs = diskLeastUsed;
    const machine = memoryAndDisk(10);
    const run = await checkRun(easyBl, machine, jobs, {
      reservations: true,
      options: { processors: true, fullness: 'imbalance' },
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 4),
      at(2, 10, 20, 1),
      at(3, 0, 5, 1),
      at(4, 5, 10, 1),
      at(5, 0, 5, 2),
    ]);
  });
});

describe('fullnessScore', () => {
  const k = 8;
  /** A candidate: its cost in [1, K] and the average share in use if it starts. */
  const candidate = fc.record({
    cost: fc.double({ min: 1, max: k, noNaN: true }),
    used: fc.double({ min: 0, max: 1, noNaN: true }),
  });

  it('both readings approach first fit: as the availability left goes to 0, so does the spread of scores', () => {
    // With at most ε available after any candidate starts, the scores of all candidates lie in
    // [0, Kε] ('score') or [1, 1 + (K − 1)ε] ('imbalance'): the balance's say shrinks with ε.
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: k, noNaN: true }), { minLength: 2, maxLength: 10 }),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 10, maxLength: 10 }),
        (costs, epsilon, fractions) => {
          const available = costs.map((_, i) => epsilon * fractions[i]!);
          const score = costs.map((c, i) => fullnessScore(c, 1 - available[i]!, 'score'));
          const imbalance = costs.map((c, i) => fullnessScore(c, 1 - available[i]!, 'imbalance'));
          const slack = 1e-12;
          expect(Math.min(...score)).toBeGreaterThanOrEqual(0);
          expect(Math.max(...score)).toBeLessThanOrEqual(k * epsilon + slack);
          expect(Math.min(...imbalance)).toBeGreaterThanOrEqual(1);
          expect(Math.max(...imbalance)).toBeLessThanOrEqual(1 + (k - 1) * epsilon + slack);
        },
      ),
    );
  });

  it('a machine left full makes every cost tie: the queue order decides, as in first fit', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: k, noNaN: true }), (cost) => {
        expect(fullnessScore(cost, 1, 'score')).toBe(0);
        expect(fullnessScore(cost, 1, 'imbalance')).toBe(1);
        expect(fullnessScore(cost, 1, false)).toBe(cost);
      }),
    );
  });

  it("'imbalance' never passes over a perfect balance; 'score' prefers the fuller of two equal costs", () => {
    fc.assert(
      fc.property(candidate, candidate, (a, b) => {
        expect(fullnessScore(1, a.used, 'imbalance')).toBeLessThanOrEqual(
          fullnessScore(b.cost, b.used, 'imbalance'),
        );
        expect(fullnessScore(a.cost, a.used, 'imbalance')).toBeGreaterThanOrEqual(1);
        if (a.used < b.used - 1e-6 && a.used < 1 - 1e-6)
          expect(fullnessScore(a.cost, b.used, 'score')).toBeLessThan(fullnessScore(a.cost, a.used, 'score'));
      }),
    );
  });

  it("whenever 'imbalance' prefers the worse balance, so does 'score'", () => {
    fc.assert(
      fc.property(candidate, candidate, (worse, better) => {
        fc.pre(worse.cost > better.cost);
        // By a margin, so that rounding at a near-tie cannot decide.
        const margin = (f: 'score' | 'imbalance') =>
          fullnessScore(better.cost, better.used, f) - fullnessScore(worse.cost, worse.used, f);
        if (margin('imbalance') > 1e-9) expect(margin('score')).toBeGreaterThan(0);
      }),
    );
  });
});
