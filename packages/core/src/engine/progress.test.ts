import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentionModel } from './contention.ts';
import type { SchedulingContext, TimerHandle } from './context.ts';
import { every, job, run } from './scripted.test-support.ts';

/**
 * Round robin on one processor: at each quantum's end the running job is switched out and the
 * other in; when one finishes the other runs on with a fresh quantum.
 */
function roundRobin(quantum: number) {
  let timer: TimerHandle | undefined;
  return every(
    (ctx: SchedulingContext) => {
      const finished = ctx.triggers.some((t) => t.kind === 'completion');
      const expired = ctx.triggers.some((t) => t.kind === 'timer');
      const [first] = ctx.jobs.pending;
      if (first && ctx.jobs.running.length === 0 && ctx.jobs.suspended.length === 0) {
        ctx.start(first);
        for (const j of ctx.jobs.pending.slice(1)) ctx.place(j, { processors: [0] });
        timer = ctx.setTimer(ctx.now + quantum, 'quantum');
        return;
      }
      if (finished) {
        if (timer) ctx.cancelTimer(timer);
        const next = ctx.jobs.suspended[0];
        if (next) {
          ctx.resume(next);
          timer = ctx.setTimer(ctx.now + quantum, 'quantum');
        }
        return;
      }
      if (expired) {
        const out = ctx.jobs.running[0]!;
        const into = ctx.jobs.suspended[0];
        if (into) ctx.switch({ suspend: [out], resume: [into] });
        timer = ctx.setTimer(ctx.now + quantum, 'quantum');
      }
    },
    { sizing: 'rigid', preemption: 'suspend' },
    'round-robin',
  );
}

describe('exact progress', () => {
  it('two 65 s jobs in 5 s quanta: the first ends at 125 after 12 preemptions, the second at 130', async () => {
    const { byId, checker, result } = await run([job(1, 0, 1, 65), job(2, 0, 1, 65)], roundRobin(5), {
      spec: { nodes: 1 },
    });
    expect(result.status).toBe('completed');
    expect(checker.violations).toEqual([]);
    expect(byId[1]).toMatchObject({ end: 125, preemptions: 12 });
    expect(byId[2]).toMatchObject({ end: 130, preemptions: 12 });
  });

  it('every quantum and length: ends exactly where arithmetic puts them, with ⌈L/q⌉ − 1 preemptions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 200 }), async (q, L) => {
        const { byId, checker } = await run([job(1, 0, 1, L), job(2, 0, 1, L)], roundRobin(q), {
          spec: { nodes: 1 },
        });
        const n = Math.ceil(L / q);
        expect(checker.violations).toEqual([]);
        expect(byId[1]).toMatchObject({ end: (n - 1) * q + L, preemptions: n - 1 });
        expect(byId[2]).toMatchObject({ end: 2 * L, preemptions: n - 1 });
      }),
      { numRuns: 400 },
    );
  });

  it('a job slowed to a third still delivers exactly its work and ends within the instant tolerance', async () => {
    // Three resizes through 1, 2 and 3 processors (linear speedup: rates 1/30, 2/30, 3/30 of the work).
    const d = every((ctx) => {
      const j = ctx.jobs.pending[0];
      if (j) {
        ctx.start(j, { processors: 1 });
        ctx.setTimer(1 / 3);
        ctx.setTimer(2 / 3);
        return;
      }
      const r = ctx.jobs.running[0];
      if (r && ctx.triggers.some((t) => t.kind === 'timer')) ctx.resize(r, r.processors.length + 1);
    });
    const { byId, checker } = await run([job(1, 0, 3, 10, { minSize: 1, maxSize: 3 })], d);
    expect(checker.violations).toEqual([]);
    // Work 30 processor-seconds: 1/3 s on 1, 1/3 s on 2, then the rest (29 s of work) on 3.
    expect(byId[1]!.end).toBeCloseTo(2 / 3 + 29 / 3, 9);
  });
});

/** Co-runners on a node slow each other to half speed (a stand-in for a real contention model). */
const halfSpeedShared: ContentionModel = {
  name: 'half-speed-shared',
  summary: 'test: a job runs at half speed while another job runs on its node',
  source: 'test',
  slowdown: (job, processors, placement) => {
    const perNode = placement.machine.cpusPerNode * placement.machine.coresPerCpu;
    for (const p of Array.from(processors)) {
      const node = placement.machine.nodeOf(p);
      for (let q = node * perNode; q < (node + 1) * perNode; q++) {
        const other = placement.runningOn(q);
        if (other && other.id !== job.id) return 2;
      }
    }
    return 1;
  },
};

describe('physics with contention', () => {
  it('a co-runner slows a job and, when it leaves, the job is re-rated', async () => {
    const fcfs = every((ctx) => {
      for (const j of ctx.jobs.pending) if (ctx.machine.fits(j.size, j.demand)) ctx.start(j);
    });
    // A alone 0–2 (2 s of its 10), both at half speed from 2: B's 4 s take 8 (ends 10), A does 4
    // more by then and its last 4 s alone end at 14.
    const { byId, checker } = await run([job(1, 0, 1, 10), job(2, 2, 1, 4)], fcfs, {
      spec: { nodes: 1, cpusPerNode: 2 },
      contention: halfSpeedShared,
    });
    expect(checker.violations).toEqual([]);
    expect(byId[1]!.end).toBe(14);
    expect(byId[2]!.end).toBe(10);
  });

  it('jobs on other nodes do not slow each other', async () => {
    const fcfs = every((ctx) => {
      for (const j of ctx.jobs.pending) if (ctx.machine.fits(j.size, j.demand)) ctx.start(j);
    });
    const { byId } = await run([job(1, 0, 1, 10), job(2, 0, 1, 4)], fcfs, {
      spec: { nodes: 2 },
      contention: halfSpeedShared,
    });
    expect(byId[1]!.end).toBe(10);
    expect(byId[2]!.end).toBe(4);
  });
});

describe('physics refuses rates it cannot put on a clock', () => {
  it('a contention factor that is not positive and finite stops the run, naming the model', async () => {
    const broken: ContentionModel = { ...halfSpeedShared, name: 'broken', slowdown: () => Number.NaN };
    const fcfs = every((ctx) => {
      for (const j of ctx.jobs.pending) if (ctx.machine.fits(j.size, j.demand)) ctx.start(j);
    });
    await expect(run([job(1, 0, 1, 10)], fcfs, { contention: broken })).rejects.toMatchObject({
      code: 'CONFIG_ERROR',
      message: expect.stringContaining("contention model 'broken'"),
    });
  });
});
