import { describe, expect, it } from 'vitest';
import { InvariantViolation } from '../errors/errors.ts';
import type { Job } from '../job/job.ts';
import type { SchedulingContext, Trigger } from './context.ts';
import { every, job, run } from './scripted.test-support.ts';

/** Values the run hides from a discipline (knowledge: user estimates, nothing else). */
const RUNTIME = 4242.4242;
const SECRET = 7777.77;

const secretive: Job = {
  ...job(1, 0, 2, RUNTIME),
  estimate: 9000,
  traits: { secret: SECRET, alpha: 0.5, shown: 3 },
  traitKnowledge: { shown: 'visible', alpha: 'speedup' },
};

/**
 * Everything reachable from `root` by own properties (names and symbols), prototype chains and
 * getters (read on the original object), without calling any method.
 */
function reachable(root: unknown): unknown[] {
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (seen.has(value)) continue;
    seen.add(value);
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
    for (let o: object | null = value as object; o !== null; o = Object.getPrototypeOf(o)) {
      if (o === Object.prototype || o === Function.prototype || o === Array.prototype) break;
      for (const key of Reflect.ownKeys(o)) {
        const d = Object.getOwnPropertyDescriptor(o, key)!;
        let v: unknown;
        try {
          v = d.get ? d.get.call(value) : d.value;
        } catch {
          continue;
        }
        stack.push(v);
      }
    }
  }
  return [...seen];
}

describe('the view: nothing reachable leads to hidden values or engine state', () => {
  it('no hidden runtime, hidden trait or workload record, by any walk, symbol or cast', async () => {
    let found: unknown[] = [];
    let probes: Record<string, unknown> = {};
    const d = every((ctx) => {
      if (ctx.now !== 0) return;
      found = reachable(ctx);
      const view = ctx.jobs.pending[0]! as unknown as Record<string, unknown>;
      probes = {
        symbols: Object.getOwnPropertySymbols(view).length,
        trueExecutionTime: view.trueExecutionTime,
        record: view.record,
        endTime: view.endTime,
        job: view.job,
        remaining: view.remaining,
      };
      ctx.start(ctx.jobs.pending[0]!);
    });
    const { result } = await run([secretive], d);
    expect(result.status).toBe('completed');
    expect(found).not.toContain(RUNTIME);
    expect(found).not.toContain(SECRET);
    expect(found).not.toContain(secretive);
    expect(
      found.some((v) => v instanceof Float64Array || v instanceof Int32Array || v instanceof Uint16Array),
    ).toBe(false);
    expect(probes).toEqual({
      symbols: 0,
      trueExecutionTime: undefined,
      record: undefined,
      endTime: undefined,
      job: undefined,
      remaining: undefined,
    });
  });

  it('traits, demand and speedup show only as the knowledge setting allows', async () => {
    const seen: Record<string, unknown>[] = [];
    const d = every((ctx) => {
      const j = ctx.jobs.pending[0];
      if (!j) return;
      seen.push({ estimate: j.estimate, work: j.work, t2: j.executionTime?.(2), traits: j.traits });
      ctx.start(j);
    });
    await run([secretive], d);
    await run([secretive], d, { knowledge: { demand: true, speedup: true, runtimes: 'exact' } });
    expect(seen[0]).toEqual({ estimate: 9000, work: undefined, t2: undefined, traits: { shown: 3 } });
    // Linear speedup by default: T(1) = 2 × runtime.
    expect(seen[1]).toEqual({
      estimate: RUNTIME,
      work: 2 * RUNTIME,
      t2: RUNTIME,
      traits: { shown: 3, alpha: 0.5 },
    });
  });

  it('every mutation attempt throws or changes nothing in the engine', async () => {
    const attempts: Record<string, boolean> = {};
    const throws = (name: string, act: () => void) => {
      try {
        act();
        attempts[name] = false;
      } catch (error) {
        attempts[name] = error instanceof TypeError;
      }
    };
    const rounds: string[] = [];
    const d = every((ctx: SchedulingContext) => {
      const pending = ctx.jobs.pending;
      rounds.push(`${ctx.now}:${pending.map((j) => j.id).join(',')}`);
      if (ctx.now === 0) {
        const view = pending[0]! as unknown as Record<string, unknown>;
        const m = ctx.machine as unknown as Record<string, unknown>;
        throws('job.size', () => {
          view.size = 1;
        });
        throws('job.state', () => {
          view.state = 'running';
        });
        throws('job.demand', () => (pending[0]!.demand as number[]).push(1));
        throws('machine.free', () => {
          m.free = () => 1e9;
        });
        throws('machine.spec.capacities', () => (ctx.machine.spec.capacities as number[]).push(1));
        throws('machine.spec.processors', () => {
          (ctx.machine.spec as unknown as Record<string, number>).processors = 1;
        });
        throws('jobs.running', () => (ctx.jobs.running as unknown[]).push(pending[0]));
        throws('ctx.start', () => {
          (ctx as unknown as Record<string, unknown>).start = () => {};
        });
        attempts['idle has no delete'] =
          (ctx.machine.idle as unknown as Record<string, unknown>).delete === undefined;
        // The queue array is the discipline's own: emptying it removes nothing from the system.
        (pending as unknown[]).length = 0;
        ctx.setTimer(1);
        return;
      }
      for (const j of pending) if (ctx.machine.fits(j.size, j.demand)) ctx.start(j);
    });
    const { result, byId } = await run([job(1, 0, 1, 5), job(2, 0, 1, 5)], d);
    expect(attempts).toEqual({
      'job.size': true,
      'job.state': true,
      'job.demand': true,
      'machine.free': true,
      'machine.spec.capacities': true,
      'machine.spec.processors': true,
      'jobs.running': true,
      'ctx.start': true,
      'idle has no delete': true,
    });
    expect(rounds.slice(0, 2)).toEqual(['0:1,2', '1:1,2']);
    expect(result.status).toBe('completed');
    expect(byId[1]!.start).toBe(1);
  });

  it('jobs started during a round keep their place in its queue array; the next round drops them', async () => {
    const rounds: string[] = [];
    const d = every((ctx) => {
      const pending = ctx.jobs.pending;
      rounds.push(`${ctx.now}:${pending.map((j) => `${j.id}${j.state[0]}`).join(',')}`);
      if (pending[1]?.state === 'pending' && ctx.machine.fits(pending[1].size, pending[1].demand))
        ctx.start(pending[1]);
      rounds.push(`${ctx.now}:${ctx.jobs.pending.map((j) => `${j.id}${j.state[0]}`).join(',')}`);
      for (const j of ctx.jobs.pending)
        if (j.state === 'pending' && ctx.machine.fits(j.size, j.demand)) ctx.start(j);
    });
    await run([job(1, 0, 4, 5), job(2, 0, 4, 5), job(3, 0, 4, 5)], d);
    expect(rounds.slice(0, 4)).toEqual(['0:1p,2p,3p', '0:1p,2r,3p', '5:1p,3p', '5:1p,3r']);
  });

  it("a round's triggers are its own: a kept or changed array is never touched or read back", async () => {
    const shown = (ts: readonly { kind: string; job?: { id: number } }[]) =>
      ts.map((t) => `${t.kind}${t.job ? t.job.id : ''}`).join(',');
    let kept: readonly Trigger[] | undefined;
    const rounds: string[] = [];
    const d = every((ctx) => {
      const triggers = ctx.triggers;
      rounds.push(`${ctx.now}:${shown(triggers)}${triggers === ctx.triggers ? '' : ' (changed)'}`);
      if (kept) rounds.push(`kept:${shown(kept)}`);
      else {
        kept = triggers;
        // Scribbling over the array and its objects changes only the discipline's copy.
        (triggers as unknown as { kind: string }[]).push({ kind: 'timer' });
        (triggers[0] as unknown as { kind: string }).kind = 'forged';
      }
      for (const j of ctx.jobs.pending) if (ctx.machine.fits(j.size, j.demand)) ctx.start(j);
      if (ctx.now === 0) ctx.setTimer(3, 'tick');
    });
    await run([job(1, 0, 1, 2), job(2, 0, 1, 5), job(3, 2, 1, 1)], d);
    expect(rounds).toEqual([
      '0:arrival1,arrival2',
      '2:completion1,arrival3',
      'kept:forged1,arrival2,timer',
      '3:completion3,timer',
      'kept:forged1,arrival2,timer',
      '5:completion2',
      'kept:forged1,arrival2,timer',
    ]);
  });

  it('an operation on a job of another run or a forged view is refused, located', async () => {
    let other: unknown;
    let error: unknown;
    const d = every((ctx) => {
      const j = ctx.jobs.pending[0];
      if (!j) return;
      if (other === undefined) other = j;
      else {
        try {
          ctx.start(other as typeof j);
        } catch (e) {
          error = e;
        }
        try {
          ctx.start({ ...j });
        } catch (e) {
          error ??= e;
        }
      }
      ctx.start(j);
    });
    await run([job(1, 0, 1, 1)], d);
    await run([job(1, 0, 1, 1)], d);
    expect(error).toBeInstanceOf(InvariantViolation);
    expect((error as InvariantViolation).rule).toBe('known-job');
  });
});
