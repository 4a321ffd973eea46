import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { at, job } from '../gang.test-support.ts';
import { gangBc } from './gang-bc.ts';

/**
 * BC's two readings of "the first idle block", on 8 processors with slots of 5 s. At 0 the jobs
 * fill three slots; 2 and 4 leave after one quantum, so from 15 on
 *
 *     S0  1 1 1 1 . . . .
 *     S1  3 3 3 3 3 3 3 3
 *     S2  . . . . 5 5 5 5
 *
 * Job 6 (4 processors, 5 s) arrives at 16 and is placed at the boundary at 20, while S1 takes
 * its turn (20–25), then S2 (25–30), then S0 (30–35). Slot-first takes the first slot with an
 * idle block, S0's right half, and job 6 runs 30–35; block-first takes the leftmost block idle in
 * some slot, processors 0–3 in S2, and job 6 runs 25–30. Jobs 1, 3 and 5 are not moved: BC never
 * re-packs.
 */
const jobs = [
  job(1, 0, 4, 20),
  job(2, 0, 4, 5),
  job(3, 0, 8, 20),
  job(4, 0, 4, 5),
  job(5, 0, 4, 20),
  job(6, 16, 4, 5),
];
// 1 runs 0–5, 15–20, 30–35, 45–50; 3 5–10, 20–25, 35–40, 50–55; 5 10–15, 25–30, 40–45, 55–60.
const others = [at(1, 0, 50, 4), at(2, 0, 5, 4), at(3, 5, 55, 8), at(4, 10, 15, 4), at(5, 10, 60, 4)];

async function run(options: Record<string, unknown>) {
  const r = await checkRun(gangBc, { nodes: 8 }, jobs, { options });
  expect(r.violations).toEqual([]);
  expect(r.result.status).toBe('completed');
  return r.schedule;
}

describe('BC placement', () => {
  it("'slot-first': the first slot with an idle block, S0", async () => {
    expect(await run({ placement: 'slot-first' })).toEqual(
      [...others, at(6, 30, 35, 4)].sort((a, b) => a.id - b.id),
    );
  });

  it("'block-first' (the default): the leftmost block idle in some slot, processors 0–3 in S2", async () => {
    expect(await run({})).toEqual(await run({ placement: 'block-first' }));
    expect(await run({})).toEqual([...others, at(6, 25, 30, 4)].sort((a, b) => a.id - b.id));
  });

  it('refuses a placement it does not know', async () => {
    await expect(run({ placement: 'best-fit' })).rejects.toThrow(/placement = "best-fit"/);
  });
});
