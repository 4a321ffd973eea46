import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { brScheme } from './disciplines/gang-br.ts';
import { at, job, watched } from './gang.test-support.ts';
import type { NewSlotTurn } from './rotation.ts';

/**
 * Where a new slot takes its turn, on 8 processors with slots of 5 s. Jobs 1–3 fill the machine
 * and arrive at 0, so each has a slot of its own: S0, S1, S2, 15 s (three quanta) each. Job 4
 * (4 processors, 10 s) arrives at 7, while S1 runs, and is placed at the boundary at 10 in a new
 * slot (processors 0–3 are busy in every slot), as row S3:
 *
 *     S0  1 1 1 1 1 1 1 1
 *     S1  2 2 2 2 2 2 2 2
 *     S2  3 3 3 3 3 3 3 3
 *     S3  4 4 4 4 . . . .
 *
 * 'last': the round goes on with S2 (10–15), then S3 (15–20): S0 S1 | S2 S3 S0 S1 S2 S3 …
 * 'next': S3 runs at once (10–15), then S2, whose turn it was, and the round goes on in the
 * cycle S0 S1 S3 S2: nobody is skipped, S2 only waits one quantum more.
 */
const jobs = [job(1, 0, 8, 15), job(2, 0, 8, 15), job(3, 0, 8, 15), job(4, 7, 4, 10)];

async function run(newSlot?: NewSlotTurn) {
  const w = watched('br', brScheme);
  const r = await checkRun(w.discipline, { nodes: 8 }, jobs, newSlot ? { options: { newSlot } } : {});
  expect(r.violations).toEqual([]);
  expect(w.problems).toEqual([]);
  expect(r.result.status).toBe('completed');
  return { ...r, drawing: (t: number) => w.drawings.find((d) => d.startsWith(`t=${t} `)) };
}

const matrixAt10 = '1 1 1 1 1 1 1 1\n2 2 2 2 2 2 2 2\n3 3 3 3 3 3 3 3\n4 4 4 4 . . . .';

describe('a slot created at a boundary', () => {
  it("'last' (the default): takes its turn after the slots already there", async () => {
    const byDefault = await run();
    const r = await run('last');
    expect(r.schedule).toEqual(byDefault.schedule);
    expect(r.drawing(10)).toBe(`t=10 S2\n${matrixAt10}`);
    expect(r.drawing(15)).toBe(`t=15 S3\n${matrixAt10}`);
    // 0 S0 · 5 S1 · 10 S2 · 15 S3 · 20 S0 · 25 S1 · 30 S2 · 35 S3 (4 done at 40; S3 deleted)
    // · 40 S0 (1 done) · 45 S1 (2 done) · 50 S2 (3 done at 55).
    expect(r.schedule).toEqual([at(1, 0, 45, 8), at(2, 5, 50, 8), at(3, 10, 55, 8), at(4, 15, 40, 4)]);
  });

  it("'next': takes its turn right after the slot that ran; the one whose turn it was comes after", async () => {
    const r = await run('next');
    expect(r.drawing(10)).toBe(`t=10 S3\n${matrixAt10}`);
    expect(r.drawing(15)).toBe(`t=15 S2\n${matrixAt10}`);
    // 0 S0 · 5 S1 · 10 S3 · 15 S2 · 20 S0 · 25 S1 · 30 S3 (4 done at 35; S3 deleted, the turn
    // still goes to S2) · 35 S2 · 40 S0 (1 done) · 45 S1 (2 done) · 50 S2 (3 done at 55).
    expect(r.drawing(35)).toBe('t=35 S2\n1 1 1 1 1 1 1 1\n2 2 2 2 2 2 2 2\n3 3 3 3 3 3 3 3');
    expect(r.schedule).toEqual([at(1, 0, 45, 8), at(2, 5, 50, 8), at(3, 15, 55, 8), at(4, 10, 35, 4)]);
  });
});
