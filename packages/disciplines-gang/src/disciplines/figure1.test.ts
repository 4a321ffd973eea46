import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { at, job, watched } from '../gang.test-support.ts';
import type { GangScheme } from '../scheme.ts';
import { bcScheme } from './gang-bc.ts';
import { brScheme } from './gang-br.ts';
import { brmmsStarScheme } from './gang-brmms-star.ts';
import { brmsScheme } from './gang-brms.ts';

/**
 * Fig. 1 of Zhou et al. (§3) as a run on 8 processors, slots of 5 s. The figure is not a buddy
 * layout (J'' and J7 are 3 wide), so it is rebuilt with buddy blocks: nine jobs arriving at 0
 * in this order give, under every scheme,
 *
 *     S0  1 1 2 2 3 3 3 3        J1 J2 J3
 *     S1  4 4 4 4 5 5 6 6        J' J'' J4
 *     S2  7 7 8 8 9 9 . .        J5 J6 J7
 *
 * J' and J'' (4 and 5) run 5 s, in S1 from 5 to 10; the others 15 s (three quanta). A new job
 * of 2 processors (10) arrives at 12, mid-quantum, and is placed at the boundary at 15.
 */
const fig1 = [
  job(1, 0, 2, 15),
  job(2, 0, 2, 15),
  job(3, 0, 4, 15),
  job(4, 0, 4, 5),
  job(5, 0, 2, 5),
  job(6, 0, 2, 15),
  job(7, 0, 2, 15),
  job(8, 0, 2, 15),
  job(9, 0, 2, 15),
  job(10, 12, 2, 10),
];

async function run(name: string, scheme: GangScheme, jobs = fig1) {
  const w = watched(name, scheme);
  const result = await checkRun(w.discipline, { nodes: 8 }, jobs);
  expect(result.violations).toEqual([]);
  expect(w.problems).toEqual([]);
  const drawing = (t: number) => w.drawings.find((d) => d.startsWith(`t=${t} `));
  return { ...result, drawing, counters: result.result.counters[name]! };
}

describe("Fig. 1(c): re-packing eliminates the slot J' and J'' leave nearly empty", () => {
  it('BR shifts J4 down beside J7 and deletes S1; the rotation goes on with S2', async () => {
    const r = await run('br', brScheme);
    expect(r.drawing(10)).toBe('t=10 S1\n1 1 2 2 3 3 3 3\n7 7 8 8 9 9 6 6');
    // The new job finds no block with an idle cell: a third slot, whose turn comes next.
    expect(r.drawing(15)).toBe(
      't=15 S2\n1  1  2  2  3  3  3  3\n7  7  8  8  9  9  6  6\n10 10 .  .  .  .  .  .',
    );
    expect(r.schedule).toEqual([
      at(1, 0, 40, 2),
      at(2, 0, 40, 2),
      at(3, 0, 40, 4),
      at(4, 5, 10, 4),
      at(5, 5, 10, 2),
      at(6, 5, 30, 2),
      at(7, 10, 45, 2),
      at(8, 10, 45, 2),
      at(9, 10, 45, 2),
      at(10, 15, 35, 2),
    ]);
    // Slots: 3 for 0–10, 2 for 10–15, 3 for 15–35, 2 for 35–40, 1 for 40–45.
    expect(r.counters.n_a).toBeCloseTo((3 * 10 + 2 * 5 + 3 * 20 + 2 * 5 + 1 * 5) / 45, 12);
    expect(r.counters.n_l).toBe(3);
    // Work 6 × 2·15 + 4·15 + 4·5 + 2·5 + 2·10 = 290 processor-seconds over 8 × 45.
    expect(r.counters.r_a).toBeCloseTo(290 / 360, 12);
  });

  it('BC keeps the slot: J4 stays alone in S1, where the new job is put, first fit', async () => {
    const r = await run('bc', bcScheme);
    expect(r.drawing(10)).toBe('t=10 S2\n1 1 2 2 3 3 3 3\n. . . . . . 6 6\n7 7 8 8 9 9 . .');
    expect(r.drawing(15)).toBe(
      't=15 S0\n1  1  2  2  3  3  3  3\n10 10 .  .  .  .  6  6\n7  7  8  8  9  9  .  .',
    );
    expect(r.schedule).toEqual([
      at(1, 0, 35, 2),
      at(2, 0, 35, 2),
      at(3, 0, 35, 4),
      at(4, 5, 10, 4),
      at(5, 5, 10, 2),
      at(6, 5, 40, 2),
      at(7, 10, 45, 2),
      at(8, 10, 45, 2),
      at(9, 10, 45, 2),
      at(10, 20, 40, 2),
    ]);
    expect(r.counters.n_a).toBeCloseTo((3 * 35 + 2 * 5 + 1 * 5) / 45, 12);
  });

  it('BRMMS*: J4 took the idle cells of S2 as an extra slot, and gives it up when WLTS deletes S1 (Fig. 3)', async () => {
    const r = await run('brmms-star', brmmsStarScheme);
    expect(r.drawing(0)).toBe('t=0 S0\n1 1 2 2 3 3 3 3\n4 4 4 4 5 5 6 6\n7 7 8 8 9 9 6 6');
    expect(r.drawing(10)).toBe('t=10 S1\n1 1 2 2 3 3 3 3\n7 7 8 8 9 9 6 6');
    // At 15 the new job's slot is filled by J2 and J3 as extra slots (WLTM).
    expect(r.drawing(15)).toBe(
      't=15 S2\n1  1  2  2  3  3  3  3\n7  7  8  8  9  9  6  6\n10 10 2  2  3  3  3  3',
    );
    expect(r.schedule).toEqual([
      at(1, 0, 40, 2),
      at(2, 0, 25, 2),
      at(3, 0, 25, 4),
      at(4, 5, 10, 4),
      at(5, 5, 10, 2),
      at(6, 5, 30, 2),
      at(7, 10, 45, 2),
      at(8, 10, 35, 2),
      at(9, 10, 35, 2),
      at(10, 15, 35, 2),
    ]);
  });
});

describe('Fig. 1(b): running jobs in multiple slots instead', () => {
  // Another job (11, 25 s) holds processors 6–7 of S2, so after 10 those two are busy in every
  // slot while the others have an idle cell in S1: no slot can be eliminated.
  const fig1b = [...fig1.slice(0, 9), job(11, 0, 2, 25), { ...fig1[9]!, id: 12 }];

  it('BRMS gives J1, J2 and J7 the freed cells; then the new job needs a fourth slot', async () => {
    const r = await run('brms', brmsScheme, fig1b);
    expect(r.drawing(10)).toBe(
      't=10 S2\n1  1  2  2  3  3  3  3\n1  1  2  2  9  9  6  6\n7  7  8  8  9  9  11 11',
    );
    expect(r.drawing(15)).toBe(
      't=15 S3\n1  1  2  2  3  3  3  3\n1  1  2  2  9  9  6  6\n7  7  8  8  9  9  11 11\n12 12 2  2  3  3  3  3',
    );
    expect(r.schedule).toEqual([
      at(1, 0, 30, 2),
      at(2, 0, 25, 2),
      at(3, 0, 25, 4),
      at(4, 5, 10, 4),
      at(5, 5, 10, 2),
      at(6, 5, 45, 2),
      at(7, 10, 45, 2),
      at(8, 10, 35, 2),
      at(9, 10, 35, 2),
      at(11, 10, 55, 2),
      at(12, 15, 40, 2),
    ]);
    expect(r.counters.n_l).toBe(4);
  });

  it('BR leaves the cells idle and puts the new job there: three slots', async () => {
    const r = await run('br-b', brScheme, fig1b);
    expect(r.drawing(15)).toBe(
      't=15 S0\n1  1  2  2  3  3  3  3\n12 12 .  .  .  .  6  6\n7  7  8  8  9  9  11 11',
    );
    expect(r.counters.n_l).toBe(3);
    expect(r.schedule.find((s) => s.id === 12)).toEqual(at(12, 20, 40, 2));
  });
});
