import { builtinProfiles, type Job } from '@js/core';
import { checkRun } from '@js/core/testing';
import { modelWorkload } from '@js/workloads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceBc } from '../bc-reference.test-support.ts';
import type { BuddyPlacement } from '../conventional-buddy.ts';
import { at, job } from '../gang.test-support.ts';
import { gangBc } from './gang-bc.ts';

/**
 * `gang-bc`, run through the engine, against the independent BC of the test support: the same
 * end for every job, and the same n_a, n_l and r_a — on random job sets (coinciding arrivals,
 * jobs arriving to an empty machine and mid-quantum, every size up to the machine) and on
 * job sets of the paper's workload.
 */
const gang = builtinProfiles.find((p) => p.name === 'gang')!;
const quantum = 5;

async function compare(jobs: readonly Job[], processors: number, placement: BuddyPlacement) {
  const run = await checkRun(gangBc, { nodes: processors }, jobs, { profile: gang, options: { placement } });
  expect(run.violations).toEqual([]);
  const reference = referenceBc(jobs, processors, quantum, placement);
  const mismatches = run.schedule
    .filter((j) => Math.abs(j.end - reference.ends.get(j.id)!) > 1e-6)
    .map((j) => `job ${j.id}: ends at ${j.end}, the reference at ${reference.ends.get(j.id)}`);
  expect(mismatches).toEqual([]);
  const counters = run.result.counters['gang-bc']!;
  for (const figure of ['n_a', 'n_l', 'r_a'] as const)
    expect(counters[figure], figure).toBeCloseTo(reference[figure], 9);
}

const arbSet = fc.constantFrom(4, 8, 16, 32).chain((processors) =>
  fc.record({
    processors: fc.constant(processors),
    placement: fc.constantFrom<BuddyPlacement>('block-first', 'slot-first'),
    jobs: fc
      .array(
        fc.record({
          // Halves of a second, often on a coarse grid: arrivals coincide with each other, with
          // boundaries and with departures, and often find the machine empty.
          submit: fc.oneof(
            fc.integer({ min: 0, max: 120 }).map((t) => t / 2),
            fc.integer({ min: 0, max: 24 }).map((t) => t * 2.5),
          ),
          size: fc.integer({ min: 1, max: processors }),
          slots: fc.integer({ min: 1, max: 12 }),
        }),
        { minLength: 1, maxLength: 25 },
      )
      .map((drawn) =>
        drawn
          .sort((a, b) => a.submit - b.submit)
          .map((d, i) => job(i + 1, d.submit, d.size, d.slots * quantum)),
      ),
  }),
);

describe('gang-bc against an independent BC', () => {
  it('ends every job where the reference does, with its n_a, n_l and r_a, on random job sets', async () => {
    await fc.assert(
      fc.asyncProperty(arbSet, ({ processors, placement, jobs }) => compare(jobs, processors, placement)),
      { numRuns: 1000 },
    );
  });

  it('starts the round afresh, at the first slot, when jobs arrive to a machine that stood empty', async () => {
    // Job 1 runs 1–6 and leaves; BC keeps its slot S0, empty. At 7.5 jobs 2 (4 processors) and
    // 3 (1) arrive together: 2 takes S0's only block, 3 a new slot S1. S0's turn is long over, yet
    // the round starts at S0: 2 runs 7.5–12.5 and 17.5–22.5, 3 runs 12.5–17.5 (not 3 first).
    const jobs = [job(1, 1, 2, 5), job(2, 7.5, 4, 10), job(3, 7.5, 1, 5)];
    const run = await checkRun(gangBc, { nodes: 4 }, jobs, { profile: gang });
    expect(run.schedule).toEqual([at(1, 1, 6, 2), at(2, 7.5, 22.5, 4), at(3, 12.5, 17.5, 1)]);
    await compare(jobs, 4, 'block-first');
  });

  it('does so on job sets of the zhou-99 workload, at low and high load', async () => {
    for (const load of [0.2, 0.9])
      for (const seed of [1, 2]) {
        const { jobs } = modelWorkload('zhou-99', { options: { load }, jobs: 200, seed });
        await compare([...jobs], 128, 'block-first');
      }
  });
});
