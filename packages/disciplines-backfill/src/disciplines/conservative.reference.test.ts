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
 */
const arbitraryRun = fc
  .integer({ min: 1, max: 8 })
  .chain((processors) =>
    fc.record({
      processors: fc.constant(processors),
      jobs: fc.array(
        fc
          .record({
            gap: fc.integer({ min: 0, max: 6 }),
            size: fc.integer({ min: 1, max: processors }),
            estimate: fc.integer({ min: 1, max: 20 }),
            shortfall: fc.integer({ min: 0, max: 19 }),
          })
          .map(({ gap, size, estimate, shortfall }) => ({
            gap,
            size,
            estimate,
            runtime: Math.max(1, estimate - shortfall),
          })),
        { minLength: 1, maxLength: 25 },
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
  // With proofs kept from any queue length (0) as well as by default: proofs only spare scans.
  it('gives every job the same start', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryRun, fc.constantFrom(0, 128), async ({ processors, jobs }, proveFrom) => {
        const starts = new Map<number, number>();
        await simulate(jobs, {
          machine: Machine.flat(processors),
          discipline: conservative,
          options: { proveFrom },
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
