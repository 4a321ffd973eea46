import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineDiscipline } from '../discipline/define.ts';
import { InvariantViolation } from '../errors/errors.ts';
import type { SchedulingContext } from './context.ts';
import { lsfProfile, platformProfileSchema } from './profile.ts';
import { every, job, run, scripted } from './scripted.test-support.ts';

/** The rule of the InvariantViolation `act` throws, or 'accepted'. */
function ruleOf(act: () => void): string {
  try {
    act();
    return 'accepted';
  } catch (error) {
    if (error instanceof InvariantViolation) return error.rule;
    throw error;
  }
}

const fcfs = (ctx: SchedulingContext) => {
  for (const j of ctx.jobs.pending)
    if (j.state === 'pending' && ctx.machine.fits(j.size, j.demand)) ctx.start(j);
};

describe('two-level occupancy', () => {
  it('a suspended job keeps its memory: another job cannot take it, and it resumes', async () => {
    const rules: string[] = [];
    let freeWhileSuspended = Number.NaN;
    const d = scripted({
      0: (ctx) => {
        ctx.start(ctx.jobs.pending[0]!);
        ctx.setTimer(5);
      },
      5: (ctx) => {
        ctx.suspend(ctx.jobs.running[0]!);
        freeWhileSuspended = ctx.machine.free(0);
        rules.push(ruleOf(() => ctx.start(ctx.jobs.pending[0]!)));
        ctx.resume(ctx.jobs.suspended[0]!);
      },
      10: (ctx) => ctx.start(ctx.jobs.pending[0]!),
    });
    const memory = [{ name: 'memory', capacity: 10 }];
    const { byId, checker } = await run(
      [job(1, 0, 1, 5 + 5, { resources: { memory: 8 } }), job(2, 1, 1, 3, { resources: { memory: 5 } })],
      d,
      { spec: { nodes: 2, resources: memory } },
    );
    expect(freeWhileSuspended).toBe(2);
    expect(rules).toEqual(['no-over-commit']);
    expect(checker.violations).toEqual([]);
    expect(byId[1]!.end).toBe(10);
    expect(byId[2]).toMatchObject({ start: 10, end: 13 });
  });

  it('placing a job makes it resident within the multiprogramming limit; its wait ends when it first runs', async () => {
    const rules: string[] = [];
    const d = scripted({
      0: (ctx) => {
        const [a, b, c] = ctx.jobs.pending;
        ctx.start(a!, { processors: [0] });
        ctx.place(b!, { processors: [0] });
        rules.push(ruleOf(() => ctx.place(c!, { processors: [0] })));
        expect(ctx.machine.residents(0)).toEqual([1, 2]);
        ctx.setTimer(2);
      },
      2: (ctx) => ctx.switch({ suspend: [ctx.jobs.running[0]!], resume: [ctx.jobs.suspended[0]!] }),
      3: (ctx) => {
        ctx.start(ctx.jobs.pending[0]!, { processors: [1] });
        ctx.resume(ctx.jobs.suspended[0]!);
      },
    });
    const { byId, checker } = await run([job(1, 0, 1, 4), job(2, 0, 1, 1), job(3, 0, 1, 1)], d, {
      spec: { nodes: 2, multiprogrammingLimit: 2 },
    });
    expect(rules).toEqual(['multiprogramming-limit']);
    expect(checker.violations).toEqual([]);
    expect(byId[2]).toMatchObject({ start: 2, end: 3 });
  });

  it('a switch is checked whole: one bad resume and nothing at all changes', async () => {
    let rule = '';
    let after = '';
    const d = scripted({
      0: (ctx) => {
        const [a, b, c] = ctx.jobs.pending;
        ctx.start(a!, { processors: [0] });
        ctx.start(b!, { processors: [1] });
        ctx.place(c!, { processors: [1] });
        ctx.setTimer(1);
      },
      1: (ctx) => {
        // Suspending job 1 frees processor 0, but job 3 lives on processor 1, where job 2 runs.
        rule = ruleOf(() => ctx.switch({ suspend: [ctx.jobs.byId(1)!], resume: [ctx.jobs.byId(3)!] }));
        after = ['1', '2', '3'].map((id) => ctx.jobs.byId(Number(id))!.state).join(',');
      },
      2: (ctx) => ctx.resume(ctx.jobs.byId(3)!),
    });
    await run([job(1, 0, 1, 5), job(2, 0, 1, 2), job(3, 0, 1, 1)], d, { spec: { nodes: 2 } });
    expect(rule).toBe('no-over-commit');
    expect(after).toBe('running,running,suspended');
  });

  it('a switch that names a job twice is refused', async () => {
    let rule = '';
    const d = scripted({
      0: (ctx) => {
        ctx.start(ctx.jobs.pending[0]!);
        const j = ctx.jobs.running[0]!;
        rule = ruleOf(() => ctx.switch({ suspend: [j, j] }));
      },
    });
    await run([job(1, 0, 1, 1)], d);
    expect(rule).toBe('switch-names-each-job-once');
  });

  it('placement rules: at most one job per node, one process of a job per CPU', async () => {
    const rules: string[] = [];
    const d = scripted({
      0: (ctx) => {
        const [a, b] = ctx.jobs.pending;
        ctx.start(a!, { processors: [0] });
        rules.push(ruleOf(() => ctx.start(b!, { processors: [1, 2] })));
        rules.push(ruleOf(() => ctx.start(b!, { processors: [4, 5] })));
        rules.push(ruleOf(() => ctx.start(b!, { processors: [4, 6] })));
      },
    });
    await run([job(1, 0, 1, 1), job(2, 0, 2, 1)], d, {
      spec: { nodes: 2, cpusPerNode: 2, coresPerCpu: 2 },
      placement: { maxJobsPerNode: 1, oneProcessPerCpu: true },
    });
    expect(rules).toEqual(['jobs-per-node', 'one-process-per-cpu', 'accepted']);
  });

  it('starting by count picks processors that keep the placement rules', async () => {
    let picked: readonly number[] = [];
    const d = every((ctx) => {
      const j = ctx.jobs.pending[0];
      if (!j) return;
      ctx.start(j);
      picked = j.processors;
    });
    // Two cores per CPU: one process of the job per CPU means every other core.
    await run([job(1, 0, 3, 1)], d, {
      spec: { nodes: 2, cpusPerNode: 2, coresPerCpu: 2 },
      placement: { oneProcessPerCpu: true },
    });
    expect(picked).toEqual([0, 2, 4]);
  });
});

describe('capabilities are enforced', () => {
  it('a run-to-completion rigid discipline may not suspend, checkpoint, resize, place or mould', async () => {
    const rules: string[] = [];
    const d = every(
      (ctx) => {
        const [a, b] = ctx.jobs.pending;
        if (!a || !b) return;
        ctx.start(a);
        rules.push(ruleOf(() => ctx.suspend(a)));
        rules.push(ruleOf(() => ctx.checkpoint(a)));
        rules.push(ruleOf(() => ctx.resize(a, 1)));
        rules.push(ruleOf(() => ctx.place(b, { processors: [3] })));
        rules.push(ruleOf(() => ctx.start(b, { processors: 1 })));
        ctx.start(b);
      },
      { sizing: 'rigid', preemption: 'none' },
    );
    await run([job(1, 0, 2, 1, { minSize: 1, maxSize: 2 }), job(2, 0, 2, 1, { minSize: 1, maxSize: 2 })], d);
    expect(rules).toEqual([
      'capability-preemption',
      'capability-preemption',
      'capability-preemption',
      'capability-preemption',
      'capability-sizing',
    ]);
  });

  it('a migratable discipline restarts a job on as many processors as it ran on', async () => {
    const rules: string[] = [];
    const d = scripted(
      {
        0: (ctx) => {
          ctx.start(ctx.jobs.pending[0]!, { processors: 2 });
          ctx.setTimer(1);
        },
        1: (ctx) => {
          const j = ctx.jobs.running[0]!;
          ctx.checkpoint(j);
          rules.push(ruleOf(() => ctx.start(j, { processors: 3 })));
          rules.push(`${j.lastProcessors}`);
          ctx.start(j, { processors: [2, 3] });
        },
      },
      undefined,
      { sizing: 'moldable', preemption: 'checkpoint' },
    );
    const { byId, checker } = await run([job(1, 0, 4, 4, { minSize: 1, maxSize: 4 })], d);
    expect(rules).toEqual(['restart-same-count', '2']);
    expect(checker.violations).toEqual([]);
    // 1 s of its 16 processor-seconds on 2 processors, the other 14 on 2 more: ends at 8.
    expect(byId[1]!.end).toBe(8);
  });

  it('capabilities must agree with each other', async () => {
    const { defineDiscipline } = await import('../discipline/define.ts');
    const { z } = await import('zod');
    expect(() =>
      defineDiscipline({
        name: 'bad',
        summary: '',
        source: '',
        options: z.object({}),
        capabilities: { sizing: 'rigid', preemption: 'resize' },
        create: () => ({ schedule: () => {} }),
      }),
    ).toThrow(/resize/);
  });
});

describe('platform profile rules', () => {
  it('LSF: one decision round per 5 s at most; held triggers all arrive', async () => {
    const log: string[] = [];
    const d = scripted({}, log);
    await run([job(1, 0, 1, 100), job(2, 1, 1, 1), job(3, 2, 1, 1), job(4, 7, 1, 1)], d, {
      profile: lsfProfile,
      limits: { maxTime: 20 },
    });
    expect(log).toEqual(['0:arrival', '5:arrival,arrival', '10:arrival']);
  });

  it('LSF: no suspension before 60 s of running, none before 600 s for checkpoint or resize', async () => {
    const rules: string[] = [];
    const d = scripted({
      0: (ctx) => {
        ctx.start(ctx.jobs.pending[0]!);
        ctx.setTimer(59);
        ctx.setTimer(65);
      },
      59: (ctx) => rules.push(ruleOf(() => ctx.suspend(ctx.jobs.running[0]!))),
      65: (ctx) => {
        const j = ctx.jobs.running[0]!;
        rules.push(ruleOf(() => ctx.checkpoint(j)));
        rules.push(ruleOf(() => ctx.resize(j, 1)));
        rules.push(ruleOf(() => ctx.suspend(j)));
      },
    });
    await run([job(1, 0, 2, 1000, { minSize: 1, maxSize: 2 })], d, {
      profile: lsfProfile,
      limits: { maxTime: 100 },
    });
    expect(rules).toEqual(['minimum-run', 'minimum-run', 'minimum-run', 'accepted']);
  });
});

describe('run control', () => {
  it('a discipline with a periodic timer completes when every job has left', async () => {
    const d = every((ctx) => {
      fcfs(ctx);
      if (ctx.triggers.some((t) => t.kind === 'timer') || ctx.now === 0) ctx.setTimer(ctx.now + 10, 'tick');
    });
    const { result } = await run([job(1, 0, 1, 25), job(2, 3, 1, 7)], d);
    expect(result).toMatchObject({ status: 'completed', now: 25 });
  });

  it('a stalled run says which jobs wait and why', async () => {
    const d = scripted({
      0: (ctx) => {
        ctx.start(ctx.jobs.byId(1)!);
        ctx.setTimer(1);
      },
      1: (ctx) => ctx.suspend(ctx.jobs.running[0]!),
    });
    const jobs = [
      job(1, 0, 1, 5, { resources: { memory: 8 } }),
      job(2, 0, 1, 5, { resources: { memory: 5 } }),
      job(3, 0, 2, 5),
    ];
    const { result } = await run(jobs, d, {
      spec: { nodes: 4, resources: [{ name: 'memory', capacity: 10 }] },
    });
    expect(result.status).toBe('stalled');
    expect(result.stall?.waiting).toBe(3);
    expect(result.stall?.jobs).toEqual([
      'job 1 (suspended, 1 processor, scripted): the discipline never resumed it',
      'job 2 (pending, 1 processor, scripted): its resource demand exceeds what is free',
      'job 3 (pending, 2 processors, scripted): it fits now (4 processors idle) but the discipline did not start it',
    ]);
  });

  it('a discipline that only keeps a timer and starts nothing ends as stalled, not in a hang', async () => {
    const d = every((ctx) => {
      ctx.setTimer(ctx.now + 1);
    });
    const { result } = await run([job(1, 0, 1, 5)], d, { limits: { idleRounds: 1000 } });
    expect(result.status).toBe('stalled');
    expect(result.events).toBeLessThan(1100);
  });

  it('a discipline that waits on its own clock before starting is not taken to be stuck', async () => {
    const d = every((ctx) => {
      if (ctx.now >= 1500) for (const j of ctx.jobs.pending) ctx.start(j);
      else ctx.setTimer(ctx.now + 1);
    });
    const { result, byId } = await run([job(1, 0, 1, 5)], d, { limits: { idleRounds: 2000 } });
    expect(result.status).toBe('completed');
    expect(byId[1]!.start).toBe(1500);
  });

  it('events superseded by later operations do not move the clock', async () => {
    // Job 1 is checkpointed at 10 and never restarted: its old completion at 1000 is stale.
    const d = scripted({
      0: (ctx) => {
        ctx.start(ctx.jobs.pending[0]!);
        ctx.setTimer(10);
      },
      10: (ctx) => ctx.checkpoint(ctx.jobs.running[0]!),
    });
    const { result } = await run([job(1, 0, 1, 1000)], d, { limits: { maxTime: 500 } });
    expect(result).toMatchObject({ status: 'stalled', now: 10, submitted: 1, inSystem: 1 });
  });

  it('a job read ahead of its arrival is not counted as submitted', async () => {
    const { result } = await run([job(1, 0, 1, 5), job(2, 1000, 1, 5)], every(fcfs), {
      limits: { maxTime: 500 },
    });
    expect(result).toMatchObject({ status: 'time-limit', submitted: 1, inSystem: 0 });
  });

  it('a cancelled timer never fires', async () => {
    const log: string[] = [];
    const d = scripted(
      {
        0: (ctx) => {
          const t = ctx.setTimer(2, 'cancelled');
          ctx.setTimer(3, 'kept');
          ctx.cancelTimer(t);
          ctx.start(ctx.jobs.pending[0]!);
        },
      },
      log,
    );
    await run([job(1, 0, 1, 5)], d);
    expect(log).toEqual(['0:arrival', '3:timer', '5:completion']);
  });

  it('tagged-left stops when the first N jobs have left; saturation when job M+K arrives before they have', async () => {
    const jobs = [job(1, 0, 1, 5), job(2, 1, 1, 5), job(3, 2, 1, 50), job(4, 3, 1, 50)];
    const tagged = await run(jobs, every(fcfs), { stop: 'tagged-left:2' });
    expect(tagged.result).toMatchObject({ status: 'stopped', now: 6 });
    const saturated = await run(
      jobs,
      every(() => {}),
      { stop: 'saturation:2,2' },
    );
    expect(saturated.result).toMatchObject({ status: 'saturated', now: 3 });
  });

  it('counters a discipline reports and notes it keeps', async () => {
    const noted: unknown[] = [];
    const d = every((ctx) => {
      for (const j of ctx.jobs.pending) {
        ctx.notes.set(j, `seen at ${ctx.now}`);
        ctx.start(j);
      }
      for (const t of ctx.triggers) if (t.kind === 'completion') noted.push(ctx.notes.get(t.job));
      ctx.count('rounds', (ctx.notes.processor(0) as number | undefined) ?? 1);
      ctx.notes.setProcessor(0, 2);
    });
    const { result } = await run([job(1, 0, 1, 2)], d);
    expect(result.counters).toEqual({ 'every-round': { rounds: 2 } });
    // A job's note is dropped when it leaves.
    expect(noted).toEqual([undefined]);
  });
});

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
