import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { job, watched } from '../gang.test-support.ts';
import { brmmsStarScheme } from './gang-brmms-star.ts';

/**
 * When BRMMS* deletes a slot by WLTS (§5: "jobs relinquish their extra time slots only when a time
 * slot is to be eliminated"), on 8 processors with slots of 5 s. At 0 jobs 1–4 (4 processors
 * each) fill two slots:
 *
 *     S0  1 1 1 1 2 2 2 2
 *     S1  3 3 3 3 4 4 4 4
 *
 * Job 3 runs one quantum (5–10) and leaves; at the boundary at 10 job 1 takes its cells as an
 * extra slot (WLTM), so S1 is 1 1 1 1 4 4 4 4.
 */
const base = [job(1, 0, 4, 30), job(2, 0, 4, 30), job(3, 0, 4, 5)];

async function run(jobs: ReturnType<typeof job>[]) {
  const w = watched('brmms-star', brmmsStarScheme);
  const result = await checkRun(w.discipline, { nodes: 8 }, jobs);
  expect(result.violations).toEqual([]);
  expect(w.problems).toEqual([]);
  const drawing = (t: number) => w.drawings.find((d) => d.startsWith(`t=${t} `));
  return { drawing, counters: result.result.counters['brmms-star']! };
}

describe('BRMMS*: WLTS deletes the slots departures free, not one added for a new job', () => {
  it('a new job gets a slot of its own and keeps it; job 1 keeps its extra slot, job 2 takes the idle cells', async () => {
    // Job 5 (2 processors) arrives at 12. At 15 no block has a really idle cell (WLTM), so it
    // gets a new slot S2. Counting job 1's extra slot as idle, WLTS could now delete a slot —
    // which would place job 5 by taking job 1's extra slot back, as BRMMS does — but no
    // departure made that room, so the slot stays, and job 2 takes S2's idle cells 4–7.
    const r = await run([...base, job(4, 0, 4, 30), job(5, 12, 2, 5)]);
    expect(r.drawing(10)).toBe('t=10 S0\n1 1 1 1 2 2 2 2\n1 1 1 1 4 4 4 4');
    expect(r.drawing(15)).toBe('t=15 S1\n1 1 1 1 2 2 2 2\n1 1 1 1 4 4 4 4\n5 5 . . 2 2 2 2');
    expect(r.counters.n_l).toBe(3);
  });

  it('a departure that leaves every processor an idle or extra cell lets WLTS delete a slot: job 1 gives its extra back', async () => {
    // Job 4 runs two quanta (5–10, 15–20) and leaves at 20: processors 0–3 hold job 1's extra
    // slot in S1 and 4–7 are idle there, so WLTS deletes S1 and job 1 relinquishes it.
    const r = await run([...base, job(4, 0, 4, 10)]);
    expect(r.drawing(15)).toBe('t=15 S1\n1 1 1 1 2 2 2 2\n1 1 1 1 4 4 4 4');
    expect(r.drawing(20)).toBe('t=20 S0\n1 1 1 1 2 2 2 2');
    expect(r.counters.n_l).toBe(2);
  });
});
