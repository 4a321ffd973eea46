import { describe, expect, it } from 'vitest';
import type { SlotEvent } from './observer.ts';
import { job, ruleOf, run, scripted } from './scripted.test-support.ts';

/** A time-sliced run on 4 processors: job 1 and job 2 share processors 0–1, one 5 s slot each. */
const slices = (extra: Record<number, Parameters<typeof scripted>[0][number]> = {}) =>
  scripted({
    0: (ctx) => {
      const [a, b] = ctx.jobs.pending;
      ctx.place(a!, { processors: [0, 1] });
      ctx.place(b!, { processors: [0, 1] });
      ctx.switch({ resume: [a!], slot: 0 });
      ctx.setTimer(5);
      ctx.setTimer(10);
      ctx.setTimer(15);
    },
    5: (ctx) => ctx.switch({ suspend: [ctx.jobs.byId(1)!], resume: [ctx.jobs.byId(2)!], slot: 1 }),
    // Job 2 has left: job 1's slot, renumbered 0, runs again.
    15: (ctx) => ctx.switch({ resume: [ctx.jobs.byId(1)!], slot: 0 }),
    ...extra,
  });

describe('a switch may name the time slot it brings in', () => {
  it('observers see the slot after the switch’s operations, at the switch’s time', async () => {
    const seen: string[] = [];
    const observer = {
      operation: (e: { time: number; job: { id: number }; operation: string }) =>
        seen.push(`${e.time} ${e.operation} ${e.job.id}`),
      slot: (e: SlotEvent) => seen.push(`${e.time} slot ${e.slot} of ${e.discipline}`),
    };
    const { checker } = await run([job(1, 0, 2, 10), job(2, 0, 2, 10)], slices(), { observers: [observer] });
    expect(checker.violations).toEqual([]);
    expect(seen.filter((s) => !s.includes('place'))).toEqual([
      '0 resume 1',
      '0 slot 0 of scripted',
      '5 suspend 1',
      '5 resume 2',
      '5 slot 1 of scripted',
      '15 resume 1',
      '15 slot 0 of scripted',
    ]);
  });

  it('a switch may name only a slot; with none named observers hear nothing', async () => {
    const slots: number[] = [];
    const d = slices({
      10: (ctx) => {
        ctx.switch({});
        ctx.switch({ slot: 7 });
      },
    });
    const { byId, checker } = await run([job(1, 0, 2, 10), job(2, 0, 2, 10)], d, {
      observers: [{ slot: (e) => slots.push(e.slot) }],
    });
    expect(checker.violations).toEqual([]);
    expect(slots).toEqual([0, 1, 7, 0]);
    // Naming a slot changes nothing in the run: job 2 runs on from 5 to its end.
    expect(byId[2]!.end).toBe(15);
  });

  it('a slot that is not a whole number ≥ 0 is refused, and the switch does nothing', async () => {
    const rules: string[] = [];
    const d = slices({
      10: (ctx) => {
        for (const slot of [-1, 0.5, Number.NaN])
          rules.push(ruleOf(() => ctx.switch({ suspend: [ctx.jobs.byId(2)!], slot })));
      },
    });
    const { byId, checker } = await run([job(1, 0, 2, 10), job(2, 0, 2, 10)], d);
    expect(checker.violations).toEqual([]);
    expect(rules).toEqual(['switch-slot', 'switch-slot', 'switch-slot']);
    expect(byId[2]!.end).toBe(15);
    expect(byId[1]!.end).toBe(20);
  });
});
