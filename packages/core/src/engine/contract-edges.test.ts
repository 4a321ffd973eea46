import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineDiscipline } from '../discipline/define.ts';
import { lsfProfile, platformProfileSchema } from './profile.ts';
import { every, fcfs, job, ruleOf, run, scripted } from './scripted.test-support.ts';

describe('the contract holds at its edges', () => {
  it('a machine query with a key that is not an index reads nothing and can write nothing', async () => {
    let free: unknown;
    let running: unknown;
    const rules: string[] = [];
    const d = every((ctx) => {
      free = ctx.machine.free('buffer' as unknown as number);
      running = ctx.machine.runningJob('buffer' as unknown as number);
      for (const j of ctx.jobs.pending) rules.push(ruleOf(() => ctx.start(j)));
    });
    const memory = [{ name: 'mem', capacity: 10 }];
    await run([job(1, 0, 1, 5, { resources: { mem: 8 } }), job(2, 0, 1, 5, { resources: { mem: 8 } })], d, {
      spec: { nodes: 4, resources: memory },
      limits: { maxTime: 1 },
    });
    expect(free).toBeNaN();
    expect(running).toBe(-1);
    expect(rules).toEqual(['accepted', 'no-over-commit']);
  });

  it("a discipline cannot change the run's profile, nor the shared built-in ones", async () => {
    let attempt = '';
    const d = defineDiscipline({
      name: 'tamperer',
      summary: '',
      source: '',
      options: z.object({}),
      create: (_options, env) => {
        try {
          (env.profile as { dispatch: number }).dispatch = 0;
          attempt = 'changed';
        } catch (error) {
          attempt = error instanceof TypeError ? 'refused' : 'other';
        }
        return { schedule: fcfs };
      },
    });
    const { byId } = await run([job(1, 0, 1, 5)], d, { profile: lsfProfile });
    expect(attempt).toBe('refused');
    expect(byId[1]!.end).toBe(35);
    expect(lsfProfile.dispatch).toBe(30);
  });

  it('a processor outside every partition belongs to none', async () => {
    const rules: string[] = [];
    const a = every(
      (ctx) => {
        for (const j of ctx.jobs.pending) {
          rules.push(ruleOf(() => ctx.start(j, { processors: [4] })));
          ctx.start(j);
        }
      },
      undefined,
      'a',
    );
    await run([job(1, 0, 1, 1)], a, {
      spec: { nodes: 16 },
      discipline: undefined,
      partitions: [
        { name: 'a', discipline: a, first: 0, last: 3 },
        { name: 'b', discipline: every(fcfs, undefined, 'b'), first: 8, last: 15 },
      ],
    });
    expect(rules).toEqual(['own-processors']);
  });

  it('processor ids that are not integers in range are refused, not converted', async () => {
    const rules: string[] = [];
    const d = every((ctx) => {
      const j = ctx.jobs.pending[0];
      if (!j) return;
      for (const ids of [
        [Number.NaN, 1],
        [0, 1.9],
        [0, 2 ** 32],
      ])
        rules.push(ruleOf(() => ctx.start(j, { processors: ids })));
      ctx.start(j);
    });
    await run([job(1, 0, 2, 1)], d);
    expect(rules).toEqual(['valid-processor', 'valid-processor', 'valid-processor']);
  });

  it('a NaN or negative resource amount is refused on admission, located', async () => {
    for (const amount of [Number.NaN, -8]) {
      await expect(
        run([job(1, 0, 1, 5, { resources: { mem: amount } })], every(fcfs), {
          spec: { nodes: 2, resources: [{ name: 'mem', capacity: 10 }] },
        }),
      ).rejects.toMatchObject({ code: 'INPUT_ERROR', field: 'resources.mem' });
    }
  });

  it('speedup knowledge alone gives the shape, not the time; with demand, the time', async () => {
    const seen: unknown[] = [];
    const d = every((ctx) => {
      const j = ctx.jobs.pending[0];
      if (!j) return;
      seen.push([j.speedup?.(2), j.executionTime?.(2), j.work]);
      ctx.start(j);
    });
    // Linear speedup by default: T(p) = 40 / p.
    await run([job(1, 0, 4, 10, { minSize: 1, maxSize: 4 })], d, { knowledge: { speedup: true } });
    await run([job(1, 0, 4, 10, { minSize: 1, maxSize: 4 })], d, {
      knowledge: { speedup: true, demand: true },
    });
    expect(seen).toEqual([
      [2, undefined, undefined],
      [2, 20, 40],
    ]);
  });

  it("a facade's prototype cannot be redefined", async () => {
    let outcome = '';
    const d = every((ctx) => {
      const j = ctx.jobs.pending[0];
      if (!j) return;
      try {
        Object.defineProperty(Object.getPrototypeOf(j), 'id', { get: () => 99 });
        outcome = 'redefined';
      } catch (error) {
        outcome = error instanceof TypeError ? 'refused' : 'other';
      }
      ctx.start(j);
    });
    await run([job(1, 0, 1, 1)], d);
    expect(outcome).toBe('refused');
  });

  it("a job's superseded event taken out of the queue is never a timer that took its place", async () => {
    // The suspend's overhead ends at 3 (its event had token 3, cell c); the timer set then reuses
    // cell c and gets id 3. Resuming the job at 5 takes its last event out of the queue: the
    // timer, with the same number in the same cell, must stay, and its round at 50 come.
    const profile = platformProfileSchema.parse({ name: 'costly', suspend: 2, resume: 1 });
    const log: string[] = [];
    const d = scripted(
      {
        0: (ctx) => {
          ctx.start(ctx.jobs.byId(1)!);
          ctx.setTimer(1000);
          ctx.setTimer(1001);
        },
        1: (ctx) => ctx.suspend(ctx.jobs.byId(1)!),
        3: (ctx) => log.push(`timer ${ctx.setTimer(50).id}`),
        5: (ctx) => ctx.resume(ctx.jobs.byId(1)!),
      },
      log,
    );
    await run([job(1, 0, 1, 100), job(3, 1, 1, 1), job(2, 5, 1, 1)], d, { profile });
    expect(log).toContain('timer 3');
    expect(log).toContain('50:timer');
  });

  it('a minimum run met at a timer set for exactly then is met, float rounding aside', async () => {
    const start = 1994.598691183791;
    const rules: string[] = [];
    const d = scripted({
      [start]: (ctx) => {
        ctx.start(ctx.jobs.pending[0]!);
        ctx.setTimer(start + 60);
      },
      [start + 60]: (ctx) => rules.push(ruleOf(() => ctx.suspend(ctx.jobs.running[0]!))),
    });
    const profile = platformProfileSchema.parse({ name: 'min-run', minRunBeforeSuspend: 60 });
    await run([job(1, start, 1, 1000)], d, { profile, limits: { maxTime: start + 100 } });
    expect(rules).toEqual(['accepted']);
  });

  it('a job that has left holds no processors in its view', async () => {
    let after: unknown;
    const d = every((ctx) => {
      for (const j of ctx.jobs.pending) ctx.start(j);
      for (const t of ctx.triggers)
        if (t.kind === 'completion') after = [t.job.state, t.job.processors, t.job.allocated];
    });
    await run([job(1, 0, 2, 1)], d);
    expect(after).toEqual(['finished', [], 0]);
  });
});
