import { Machine } from '@js/machine';
import { describe, expect, it } from 'vitest';
import type { JobView } from './job-view.ts';
import { every, fcfs, job, run, scripted } from './scripted.test-support.ts';
import { simulate } from './simulation.ts';

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
    let first: JobView | undefined;
    const d = every((ctx) => {
      for (const j of ctx.jobs.pending) {
        ctx.notes.set(j, `seen at ${ctx.now}`);
        ctx.start(j);
        first ??= j;
      }
      for (const t of ctx.triggers) if (t.kind === 'completion') noted.push(ctx.notes.get(t.job));
      // A later round: the first job left at 2, its note went with it.
      if (ctx.now === 5) noted.push(ctx.notes.get(first!));
      ctx.count('rounds', (ctx.notes.processor(0) as number | undefined) ?? 1);
      ctx.notes.setProcessor(0, 2);
    });
    const { result } = await run([job(1, 0, 1, 2), job(2, 5, 1, 1)], d);
    expect(result.counters).toEqual({ 'every-round': { rounds: 2 } });
    // Readable in the round that reports the leaving, gone after.
    expect(noted).toEqual(['seen at 0', undefined, 'seen at 5']);
  });
});

describe('engine: a long run can give the event loop a turn', () => {
  const jobs = Array.from({ length: 40 }, (_, i) => job(i + 1, i, 1, 1));
  /** Simulated times at which a macrotask queued at the start got to run (none: after the run). */
  const turns = async (yieldEvery?: number) => {
    let seenAt: number | undefined;
    let now = 0;
    setImmediate(() => {
      seenAt = now;
    });
    await simulate(jobs, {
      machine: Machine.flat(1),
      discipline: every(fcfs),
      observers: [{ sample: (s) => void (now = s.now) }],
      ...(yieldEvery ? { yieldEvery } : {}),
    });
    return seenAt;
  };
  it('every yieldEvery instants, other work runs mid-run; without it, only after', async () => {
    expect(await turns(10)).toBeLessThan(40);
    expect(await turns()).toBeUndefined();
  });
});
