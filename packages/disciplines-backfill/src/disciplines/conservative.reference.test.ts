import { type Job, simulate } from '@js/core';
import { Machine } from '@js/machine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceConservative } from '../testing/conservative-reference.ts';
import { conservative } from './conservative.ts';

/**
 * `conservative` keeps its profile between decisions and compresses only the jobs that can move
 * up; the reference compresses everything from scratch at every instant. Whole numbers keep both
 * exact, so they must agree on every start. Runtimes fall short of estimates (holes to compress
 * into), and arrivals and departures share instants.
 *
 * `few`: every job is one of a handful of shapes, as a real queue is (RICC: one shape is half its
 * jobs), so compression answers most jobs from a shape's earliest start found for an earlier one.
 */
const arbitraryRun = (shapes: 'many' | 'few') =>
  fc
    .integer({ min: 1, max: 8 })
    .chain((processors) =>
      fc.record({
        processors: fc.constant(processors),
        jobs: fc.array(
          fc
            .record({
              gap: fc.integer({ min: 0, max: 6 }),
              size:
                shapes === 'many'
                  ? fc.integer({ min: 1, max: processors })
                  : fc.constantFrom(1, Math.ceil(processors / 2)),
              estimate: shapes === 'many' ? fc.integer({ min: 1, max: 20 }) : fc.constantFrom(4, 9),
              shortfall: fc.integer({ min: 0, max: 19 }),
            })
            .map(({ gap, size, estimate, shortfall }) => ({
              gap,
              size,
              estimate,
              runtime: Math.max(1, estimate - shortfall),
            })),
          { minLength: 1, maxLength: shapes === 'many' ? 25 : 40 },
        ),
      }),
    )
    .map(({ processors, jobs }) => {
      let submit = 0;
      const list: Job[] = jobs.map((j, i) => ({
        id: i + 1,
        submit: (submit += j.gap),
        size: j.size,
        runtime: j.runtime,
        estimate: j.estimate,
      }));
      return { processors, jobs: list };
    });

describe('conservative against an independent conservative that compresses at every instant', () => {
  it.each(['many', 'few'] as const)('gives every job the same start (%s shapes)', async (shapes) => {
    await fc.assert(
      fc.asyncProperty(arbitraryRun(shapes), async ({ processors, jobs }) => {
        const starts = new Map<number, number>();
        await simulate(jobs, {
          machine: Machine.flat(processors),
          discipline: conservative,
          observers: [{ jobEnded: (o) => starts.set(o.job.id, o.start) }],
        });
        const reference = referenceConservative(jobs, processors);
        const differing = jobs
          .filter((j) => starts.get(j.id) !== reference.get(j.id))
          .map((j) => `job ${j.id}: ${starts.get(j.id)} here, ${reference.get(j.id)} in the reference`);
        expect(differing).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
