import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineDiscipline } from '../discipline/define.ts';
import { DisciplineError, InvariantViolation } from '../errors/errors.ts';
import { every, fcfs, job, run } from './scripted.test-support.ts';

describe("a discipline's own errors reach the user coded and located", () => {
  it('a TypeError inside schedule() becomes DISCIPLINE_FAILED naming discipline, time and trigger, with the cause kept', async () => {
    let rounds = 0;
    const d = every(
      (ctx) => {
        if (++rounds === 3) (undefined as unknown as { x: number }).x;
        fcfs(ctx);
      },
      undefined,
      'brittle',
    );
    const attempt = run([job(1, 0, 4, 10), job(2, 5, 4, 10), job(3, 7, 4, 10)], d);
    await expect(attempt).rejects.toThrow(DisciplineError);
    const error = (await attempt.catch((e: unknown) => e)) as DisciplineError;
    expect(error.code).toBe('DISCIPLINE_FAILED');
    expect(error.discipline).toBe('brittle');
    // Rounds at 0 (arrival of 1), 5 (arrival of 2), 7 (arrival of 3): the third one throws.
    expect(error.time).toBe(7);
    expect(error.during).toBe('deciding on arrival of job 3');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(
      /^discipline 'brittle' failed at time 7, deciding on arrival of job 3: TypeError: Cannot read properties of undefined/,
    );
  });

  it('a throw from create() is located at time 0, while being created', async () => {
    const d = defineDiscipline({
      name: 'unbuildable',
      summary: '',
      source: '',
      options: z.object({}),
      create: () => {
        throw new RangeError('Invalid typed array length: -1');
      },
    });
    await expect(run([job(1, 0, 1, 1)], d)).rejects.toThrow(
      "discipline 'unbuildable' failed at time 0, being created: RangeError: Invalid typed array length: -1",
    );
  });

  it('counts further triggers of the same round, and names timers by tag', async () => {
    const d = every(
      (ctx) => {
        if (ctx.now === 0) ctx.setTimer(4, 'quantum');
        if (ctx.now === 4) throw 'not even an Error';
        fcfs(ctx);
      },
      undefined,
      'timed',
    );
    await expect(run([job(1, 0, 1, 100), job(2, 4, 1, 100), job(3, 4, 1, 100)], d)).rejects.toThrow(
      /^discipline 'timed' failed at time 4, deciding on (timer 'quantum'|arrival of job 2) \(and 2 more triggers\): not even an Error$/,
    );
  });

  it('a refused operation stays the InvariantViolation it is', async () => {
    const d = every((ctx) => {
      for (const j of ctx.jobs.pending) ctx.start(j, { processors: 99 });
    });
    await expect(run([job(1, 0, 1, 1)], d)).rejects.toThrow(InvariantViolation);
  });
});
