import { arbMachine, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knowsT, sevcikJob } from './disciplines/adaptive.test-support.ts';
import { adaptivePlugin } from './index.ts';

const runToCompletion = adaptivePlugin.disciplines.filter((d) => d.name !== 'dyn-equi');

/** Jobs of the paper's shapes (§5.2): p_max 4, 16 or 64, μ 0.2, 0.4 or ∞, some with memory. */
const sevcikJobs = fc
  .array(
    fc.record({
      gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 })),
      W: fc.integer({ min: 1, max: 200 }),
      pMax: fc.constantFrom(4, 16, 64),
      mu: fc.constantFrom(0.2, 0.4, Number.POSITIVE_INFINITY),
      memory: fc.integer({ min: 0, max: 8 }),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((rows) => {
    let t = 0;
    return rows.map((r, i) => {
      t += r.gap;
      const c = 1 / (r.pMax * r.pMax);
      return { ...sevcikJob(i + 1, t, r.W, r.pMax, r.W * c ** r.mu, r.W * c), resources: { r1: r.memory } };
    });
  });

describe.each(runToCompletion)('$name', (discipline) => {
  it('starts every job once, on 1 to p_max processors (and the machine), and never resizes it', async () => {
    const machine = arbMachine({ maxProcessors: 16, maxResources: 1 }).map((m) => ({
      ...m,
      resources: [{ name: 'r1', capacity: 8 }],
    }));
    await fc.assert(
      fc.asyncProperty(machine, sevcikJobs, fc.boolean(), async (m, jobs, knows) => {
        const run = await checkRun(discipline, m, jobs, knows ? knowsT : {});
        expect(run.violations).toEqual([]);
        expect(run.result.status).toBe('completed');
        expect(run.outcomes).toHaveLength(jobs.length);
        for (const o of run.outcomes) {
          expect(o.processors).toBeGreaterThanOrEqual(1);
          expect(o.processors).toBeLessThanOrEqual(Math.min(o.job.maxSize!, m.nodes));
          expect([o.resizes, o.preemptions, o.checkpoints]).toEqual([0, 0, 0]);
          expect(Math.abs(o.processorTime - o.processors * (o.end - o.start))).toBeLessThan(
            1e-9 * o.processorTime,
          );
        }
      }),
      { numRuns: 150 },
    );
  });
});
