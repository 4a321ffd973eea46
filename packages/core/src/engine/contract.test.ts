import { describe, expect, it } from 'vitest';
import { lsfProfile } from './profile.ts';
import { every, job, ruleOf, run, scripted } from './scripted.test-support.ts';

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

  it('a refused switch leaves no mark: the same jobs switch in a later call of the same instant', async () => {
    let rule = '';
    let states = '';
    const d = scripted({
      0: (ctx) => {
        ctx.start(ctx.jobs.pending[0]!);
        const j = ctx.jobs.running[0]!;
        rule = ruleOf(() => ctx.switch({ suspend: [j, j] }));
        ctx.switch({ suspend: [j] });
        states = j.state;
        ctx.switch({ resume: [j] });
        states += `,${j.state}`;
      },
    });
    await run([job(1, 0, 1, 1)], d);
    expect(rule).toBe('switch-names-each-job-once');
    expect(states).toBe('suspended,running');
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

  it('LSF: a resize restarts the minimum-run clock and costs a tenth of the run since the last reallocation', async () => {
    const rules: string[] = [];
    const d = scripted({
      0: (ctx) => {
        ctx.start(ctx.jobs.pending[0]!);
        for (const t of [700, 1000, 1300]) ctx.setTimer(t);
      },
      700: (ctx) => rules.push(ruleOf(() => ctx.resize(ctx.jobs.running[0]!, 1))),
      // 300 s after the resize: too soon to reallocate again, though 1000 s after the start.
      1000: (ctx) => {
        const j = ctx.jobs.running[0]!;
        rules.push(ruleOf(() => ctx.resize(j, 2)));
        rules.push(ruleOf(() => ctx.checkpoint(j)));
      },
      1300: (ctx) => rules.push(ruleOf(() => ctx.resize(ctx.jobs.running[0]!, 2))),
    });
    const { operations } = await run([job(1, 0, 2, 5000, { minSize: 1, maxSize: 2 })], d, {
      profile: lsfProfile,
      limits: { maxTime: 1400 },
    });
    expect(rules).toEqual(['accepted', 'minimum-run', 'minimum-run', 'accepted']);
    // 90 s + 10 % of 700 s run since the start, then 90 s + 10 % of 600 s since the resize (not
    // 10 % of the remaining run time: 4 330 s at 700).
    const resizes = operations.filter((e) => e.operation === 'resize').map((e) => [e.time, e.cost]);
    expect(resizes).toEqual([
      [700, 160],
      [1300, 150],
    ]);
  });
});
