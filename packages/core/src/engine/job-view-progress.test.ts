import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '../job/job.ts';
import type { SchedulingContext } from './context.ts';
import type { Knowledge } from './knowledge.ts';
import { platformProfileSchema } from './profile.ts';
import { job, run, scripted } from './scripted.test-support.ts';

/**
 * A malleable job with T(p) = 100/p + 10: 110 s on one processor, 60 on two, 35 on four. Its
 * speedup is sublinear, so run time over the execution time on any one count misreads the work
 * done by a job that ran on several.
 */
const malleable = (work = 100): Job =>
  job(1, 0, 2, work / 2 + 10, { minSize: 1, maxSize: 4, executionTime: (p) => work / p + 10 });

type Steps = Record<number, (ctx: SchedulingContext) => void>;

/** Runs `steps` on the one job, recording its `progress` at each scripted round before acting. */
async function progressAt(steps: Steps, knowledge: Partial<Knowledge>, more: Parameters<typeof run>[2] = {}) {
  const seen: Record<number, number | undefined> = {};
  const recorded: Steps = {};
  for (const [t, act] of Object.entries(steps)) {
    recorded[Number(t)] = (ctx) => {
      const view = ctx.jobs.byId(1);
      seen[ctx.now] = view?.progress;
      act(ctx);
    };
  }
  const outcome = await run([malleable()], scripted(recorded), { knowledge, ...more });
  expect(outcome.checker.violations).toEqual([]);
  return { seen, end: outcome.byId[1]!.end };
}

const timers = (ctx: SchedulingContext, ...at: number[]) => {
  for (const t of at) ctx.setTimer(t);
};

/** Start on 2, at 20 grow to 4, at 27 shrink to 1; reads at 49 and 60 without acting. */
const resizes: Steps = {
  0: (ctx) => {
    ctx.start(ctx.jobs.pending[0]!, { processors: 2 });
    timers(ctx, 20, 27, 49, 60);
  },
  20: (ctx) => ctx.resize(ctx.jobs.running[0]!, 4),
  27: (ctx) => ctx.resize(ctx.jobs.running[0]!, 1),
  49: () => {},
  60: () => {},
};

describe('JobView.progress: the fraction of its work a job has done', () => {
  it('is hidden unless the run reveals both demand and speedup', async () => {
    for (const knowledge of [{}, { demand: true }, { speedup: true }, { runtimes: 'exact' as const }]) {
      const { seen } = await progressAt(resizes, knowledge);
      expect(seen).toEqual({ 0: undefined, 20: undefined, 27: undefined, 49: undefined, 60: undefined });
    }
  });

  it('follows a malleable job across its counts: 20/60, + 7/35, + 22/110, + 11/110', async () => {
    const { seen, end } = await progressAt(resizes, { demand: true, speedup: true });
    // At 49 the job has run 49 s; over its start count's 60 s that reads 49/60 ≈ 0.817, not 11/15.
    expect(seen[0]).toBe(0);
    expect(seen[20]).toBeCloseTo(1 / 3, 12);
    expect(seen[27]).toBeCloseTo(8 / 15, 12);
    expect(seen[49]).toBeCloseTo(11 / 15, 12);
    expect(seen[60]).toBeCloseTo(5 / 6, 12);
    // The remaining 4/15 of the work on one processor: 4/15 × 110 s after 49.
    expect(end).toBeCloseTo(49 + (4 / 15) * 110, 9);
  });

  it('holds still while suspended, checkpointed and in an overhead; a restart on another count resumes it', async () => {
    const profile = platformProfileSchema.parse({ name: 'costly', dispatch: 2, checkpoint: 4 });
    const steps: Steps = {
      0: (ctx) => {
        ctx.start(ctx.jobs.pending[0]!, { processors: 2 });
        timers(ctx, 1, 32, 40, 46, 48, 50, 51, 59);
      },
      1: () => {}, // dispatching: nothing done yet
      32: (ctx) => ctx.suspend(ctx.jobs.running[0]!), // 30 s on 2 of 60
      40: (ctx) => ctx.resume(ctx.jobs.suspended[0]!),
      46: (ctx) => ctx.checkpoint(ctx.jobs.running[0]!), // + 6 s on 2
      48: () => {}, // saving its state
      50: (ctx) => ctx.start(ctx.jobs.checkpointed[0]!, { processors: 4 }),
      51: () => {}, // dispatching again
      59: () => {}, // 7 s on 4 of 35
    };
    const { seen, end } = await progressAt(steps, { demand: true, speedup: true }, { profile });
    expect(seen[1]).toBe(0);
    expect(seen[32]).toBeCloseTo(0.5, 12);
    expect(seen[40]).toBeCloseTo(0.5, 12);
    expect(seen[46]).toBeCloseTo(0.6, 12);
    expect(seen[48]).toBeCloseTo(0.6, 12);
    expect(seen[50]).toBeCloseTo(0.6, 12);
    expect(seen[51]).toBeCloseTo(0.6, 12);
    expect(seen[59]).toBeCloseTo(0.8, 12);
    expect(end).toBeCloseTo(59 + 0.2 * 35, 9);
  });

  it('any resize sequence: the sum of each stretch over the execution time on its count', async () => {
    const work = 1000; // T(1) = 1010 s: eight stretches of at most 20 s leave it unfinished
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ count: fc.integer({ min: 1, max: 4 }), length: fc.integer({ min: 1, max: 20 }) }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (stretches) => {
          const seen: number[] = [];
          const expected: number[] = [];
          let at = 0;
          let done = 0;
          const steps: Steps = {};
          stretches.forEach(({ count, length }, i) => {
            steps[at] = (ctx) => {
              const view = ctx.jobs.byId(1)!;
              seen.push(view.progress!);
              if (i === 0) {
                ctx.start(view, { processors: count });
                let t = 0;
                for (const s of stretches) ctx.setTimer((t += s.length));
              } else ctx.resize(view, count);
            };
            expected.push(done);
            done += length / (work / count + 10);
            at += length;
          });
          steps[at] = (ctx) => {
            seen.push(ctx.jobs.byId(1)!.progress!);
          };
          expected.push(done);
          const { checker } = await run([malleable(work)], scripted(steps), {
            knowledge: { demand: true, speedup: true },
          });
          expect(checker.violations).toEqual([]);
          expect(seen).toHaveLength(expected.length);
          seen.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 12));
        },
      ),
      { numRuns: 200 },
    );
  });
});
