import { lsfProfile } from '@js/core';
import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { brScheme } from './disciplines/gang-br.ts';
import { at, job, recorder, watched } from './gang.test-support.ts';

/** Run BR on `machine` with its matrix watched; everything must be legal. */
async function br(
  machine: Parameters<typeof checkRun>[1],
  jobs: Parameters<typeof checkRun>[2],
  options = {},
) {
  const w = watched('br', brScheme);
  const rec = recorder();
  const r = await checkRun(w.discipline, machine, jobs, { observers: [rec.observer], ...options });
  expect(r.violations).toEqual([]);
  expect(w.problems).toEqual([]);
  expect(r.result.status).toBe('completed');
  return { ...r, log: rec.log, drawings: w.drawings };
}

describe('slots rotate one quantum each', () => {
  it('three full-width jobs: each gets every third quantum, and ends on a slot boundary', async () => {
    const r = await br({ nodes: 4 }, [job(1, 0, 4, 15), job(2, 0, 4, 10), job(3, 0, 4, 5)]);
    // 0–5 A, 5–10 B, 10–15 C (done), 15–20 A, 20–25 B (done), 25–30 A (done).
    expect(r.schedule).toEqual([at(1, 0, 30, 4), at(2, 5, 25, 4), at(3, 10, 15, 4)]);
    expect(r.log).toEqual([
      '0 1 place 0,1,2,3',
      '0 2 place 0,1,2,3',
      '0 3 place 0,1,2,3',
      '0 1 resume 0,1,2,3',
      '5 1 suspend 0,1,2,3',
      '5 2 resume 0,1,2,3',
      '10 2 suspend 0,1,2,3',
      '10 3 resume 0,1,2,3',
      '15 1 resume 0,1,2,3',
      '20 1 suspend 0,1,2,3',
      '20 2 resume 0,1,2,3',
      '25 1 resume 0,1,2,3',
    ]);
  });

  it('the quantum is an option; a slot whose last job ends mid-quantum idles to the boundary', async () => {
    const r = await br({ nodes: 4 }, [job(1, 0, 4, 15), job(2, 0, 4, 10), job(3, 0, 4, 5)], {
      options: { quantum: 10 },
    });
    // 0–10 A, 10–20 B (done), 20–25 C (done; idle until 30), 30–35 A (done).
    expect(r.schedule).toEqual([at(1, 0, 35, 4), at(2, 10, 20, 4), at(3, 20, 25, 4)]);
  });

  it('a job arriving mid-quantum waits for the boundary; one arriving to an empty matrix starts at once', async () => {
    const r = await br({ nodes: 4 }, [job(1, 0, 4, 20), job(2, 3, 2, 5), job(3, 33, 1, 5)]);
    // B waits from 3 to the boundary at 5, gets a slot of its own and runs 5–10; then its slot is
    // eliminated and A runs on alone. C arrives at 33 to an empty system: a new rotation begins.
    expect(r.schedule).toEqual([at(1, 0, 25, 4), at(2, 5, 10, 2), at(3, 33, 38, 1)]);
  });

  it('completion times are exact multiples of the quantum, also with a non-integer quantum', async () => {
    const r = await br(
      { nodes: 2 },
      [job(1, 0, 2, 7.5), job(2, 0, 1, 5), job(3, 0, 1, 2.5), job(4, 0, 2, 2.5)],
      {
        options: { quantum: 2.5 },
      },
    );
    // S0: 1 1 · S1: 2 3 · S2: 4 4. 4 leaves at 7.5 and its slot goes; 1 and 2 alternate after.
    expect(r.schedule).toEqual([at(1, 0, 15, 2), at(2, 2.5, 12.5, 1), at(3, 2.5, 5, 1), at(4, 5, 7.5, 2)]);
  });
});

describe('platform profiles and machine limits', () => {
  it("LSF's 60 s minimum run before suspend stretches each slot to 60 s", async () => {
    const r = await br({ nodes: 4 }, [job(1, 0, 4, 120), job(2, 0, 4, 120)], { profile: lsfProfile });
    expect(r.schedule).toEqual([at(1, 0, 180, 4), at(2, 60, 240, 4)]);
    expect(r.result.counters.br!.n_a).toBeCloseTo((2 * 180 + 1 * 60) / 240, 12);
  });

  it('a multiprogramming limit keeps a job waiting, first come first served, until residency drops', async () => {
    // Limit 2: A and B are resident on every processor, so C (1 processor) waits for A to leave.
    const r = await br({ nodes: 4, multiprogrammingLimit: 2 }, [
      job(1, 0, 4, 10),
      job(2, 0, 4, 10),
      job(3, 0, 1, 5),
    ]);
    expect(r.schedule).toEqual([at(1, 0, 15, 4), at(2, 5, 20, 4), at(3, 20, 25, 1)]);
  });

  it('a placed job holds its resources, so one whose demand is not free waits', async () => {
    const memory = (j: ReturnType<typeof job>) => ({ ...j, resources: { mem: 6 } });
    const r = await br({ nodes: 4, resources: [{ name: 'mem', capacity: 10 }] }, [
      memory(job(1, 0, 2, 10)),
      memory(job(2, 0, 2, 10)),
    ]);
    expect(r.schedule).toEqual([at(1, 0, 10, 2), at(2, 10, 20, 2)]);
  });

  it('6 processors: an 8-wide matrix whose last two columns no process uses', async () => {
    const r = await br({ nodes: 6 }, [
      job(1, 0, 2, 10),
      job(2, 0, 2, 10),
      job(3, 0, 2, 10),
      job(4, 0, 2, 10),
      job(5, 0, 5, 5),
    ]);
    // The block of 2 at columns 6–7 is off the machine, so job 4 opens a second slot; the job of
    // 5 takes the block of 8 at 0 and runs on processors 0–4.
    expect(r.drawings[0]).toBe('t=0 S0\n1 1 2 2 3 3 . .\n4 4 . . . . . .\n5 5 5 5 5 5 5 5');
    expect(r.log.filter((l) => l.includes('place'))).toEqual([
      '0 1 place 0,1',
      '0 2 place 2,3',
      '0 3 place 4,5',
      '0 4 place 0,1',
      '0 5 place 0,1,2,3,4',
    ]);
    expect(r.schedule).toEqual([
      at(1, 0, 20, 2),
      at(2, 0, 20, 2),
      at(3, 0, 20, 2),
      at(4, 5, 25, 2),
      at(5, 10, 15, 5),
    ]);
  });
});
