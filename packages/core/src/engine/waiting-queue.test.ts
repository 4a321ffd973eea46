import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JobView } from './job-view.ts';
import { every, job, run } from './scripted.test-support.ts';

describe('the waiting queue a discipline reads', () => {
  // A discipline that keeps its own queue reads `ctx.jobs.pending` only now and then; the engine
  // stops keeping the array while nobody reads it (after more than 64 departures), so a read
  // after such a stretch must still show exactly the jobs waiting, in arrival order.
  it('shows the waiting jobs in arrival order however seldom it is read', async () => {
    const arrival = fc.record({
      gap: fc.integer({ min: 0, max: 3 }),
      size: fc.integer({ min: 1, max: 4 }),
      runtime: fc.integer({ min: 1, max: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(arrival, { minLength: 100, maxLength: 400 }),
        fc.integer({ min: 1, max: 200 }),
        fc.boolean(),
        async (arrivals, readEvery, fromTheBack) => {
          let submit = 0;
          const jobs = arrivals.map((a, i) => job(i + 1, (submit += a.gap), a.size, a.runtime));
          const own: JobView[] = [];
          const mismatches: string[] = [];
          let round = 0;
          let read = 0;
          const discipline = every((ctx) => {
            for (const t of ctx.triggers) if (t.kind === 'arrival') own.push(t.job);
            if (round++ % readEvery === 0) {
              read++;
              const shown = ctx.jobs.pending.map((j) => j.id).join(',');
              const expected = own.map((j) => j.id).join(',');
              if (shown !== expected) mismatches.push(`${ctx.now}: ${shown} ≠ ${expected}`);
            }
            // Start whatever fits, from either end of its own queue (both orders leave gaps).
            for (let k = 0; k < own.length; ) {
              const at = fromTheBack ? own.length - 1 - k : k;
              const j = own[at]!;
              if (ctx.machine.fits(j.size, j.demand)) {
                ctx.start(j);
                own.splice(at, 1);
              } else k++;
            }
          });
          const { result } = await run(jobs, discipline);
          expect(result.status).toBe('completed');
          expect(mismatches).toEqual([]);
          expect(read).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40, seed: 20261126 },
    );
  });
});
