import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { at, job, watched } from '../gang.test-support.ts';
import { bcScheme } from './gang-bc.ts';
import { brScheme } from './gang-br.ts';

/**
 * The smallest case where re-packing pays (§3, Property 2): on 4 processors, A and B fill S0, C
 * and D fill S1. When B (5 s) and C (5 s) have left, every processor has an idle cell, but in
 * different slots:
 *
 *     S0  A A . .
 *     S1  . . D D
 *
 * BR shifts D into S0 and deletes S1, so A and D run together; BC keeps both half-empty slots
 * and runs them in turn until A and D finish.
 */
const jobs = [job(1, 0, 2, 20), job(2, 0, 2, 5), job(3, 0, 2, 5), job(4, 0, 2, 20)];

describe('BR eliminates a slot BC keeps', () => {
  it('BR: one slot from 10 on; A and D end at 25', async () => {
    const w = watched('br', brScheme);
    const r = await checkRun(w.discipline, { nodes: 4 }, jobs);
    expect(r.violations).toEqual([]);
    expect(w.problems).toEqual([]);
    expect(w.drawings.find((d) => d.startsWith('t=10 '))).toBe('t=10 S0\n1 1 4 4');
    expect(r.schedule).toEqual([at(1, 0, 25, 2), at(2, 0, 5, 2), at(3, 5, 10, 2), at(4, 5, 25, 2)]);
    const c = r.result.counters.br!;
    expect(c.n_a).toBeCloseTo((2 * 10 + 1 * 15) / 25, 12);
    expect(c.r_a).toBeCloseTo(100 / (4 * 25), 12);
  });

  it('BC: two slots to the end; A ends at 35, D at 40', async () => {
    const w = watched('bc', bcScheme);
    const r = await checkRun(w.discipline, { nodes: 4 }, jobs);
    expect(r.violations).toEqual([]);
    expect(w.problems).toEqual([]);
    expect(w.drawings.find((d) => d.startsWith('t=10 '))).toBe('t=10 S0\n1 1 . .\n. . 4 4');
    expect(r.schedule).toEqual([at(1, 0, 35, 2), at(2, 0, 5, 2), at(3, 5, 10, 2), at(4, 5, 40, 2)]);
    const c = r.result.counters.bc!;
    // S0 goes only when A has left it, at 35; D runs alone in the one slot left.
    expect(c.n_a).toBeCloseTo((2 * 35 + 1 * 5) / 40, 12);
    expect(c.r_a).toBeCloseTo(100 / (4 * 40), 12);
  });
});
