import { type Job, lsfProfile, type OperationEvent } from '@js/core';
import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { lsfMlfq } from './lsf-mlfq.ts';

/** A sequential job, as in the paper's example. */
const sequential = (id: number, submit: number, runtime: number): Job => ({
  id,
  submit,
  size: 1,
  runtime,
  estimate: runtime,
});
const at = (id: number, start: number, end: number) => ({ id, start, end, processors: 1 });

function recorder() {
  const log: [number, number, string][] = [];
  return {
    log,
    observer: { operation: (e: OperationEvent) => log.push([e.time, e.job.id, e.operation]) },
  };
}

describe('lsf-mlfq: hand-checked schedules', () => {
  it('demotes across all three levels; a higher level preempts a lower one, equals never', async () => {
    // 1 processor, ideal profile, thresholds 10 and 30 s, quantum 5 (wake-ups at multiples of 5
    // while a job waits). At 2 J1 and J2 share level 0: no preemption. At 10 J1 (10 s) has
    // dropped to level 1 and J2 takes over. At 20 J2 (10 s) drops to level 1 too, level with the
    // stopped J1: it keeps running. J3 arrives at 30 at level 0 and displaces J2 (20 s, level 1)
    // until it leaves at 35, when J1 (level 1, earlier arrival) resumes. At 55 J1 (30 s) has
    // dropped to level 2, below J2 (20 s, level 1), which resumes and, though it drops to level 2
    // at 65, runs its 80 s left to 135; J1 finishes its last 70 s at 205.
    const { log, observer } = recorder();
    const run = await checkRun(
      lsfMlfq,
      { nodes: 1 },
      [sequential(1, 0, 100), sequential(2, 2, 100), sequential(3, 30, 5)],
      { observers: [observer], options: { thresholds: [10, 30], quantum: 5 } },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 205), at(2, 10, 135), at(3, 30, 35)]);
    expect(log.filter(([, , op]) => op !== 'start')).toEqual([
      [10, 1, 'suspend'],
      [30, 2, 'suspend'],
      [35, 1, 'resume'],
      [55, 1, 'suspend'],
      [55, 2, 'resume'],
      [135, 1, 'resume'],
    ]);
  });

  it('lets a demoted job run its minimum before a higher level preempts it (lsf-now-97)', async () => {
    // Thresholds 20 and 5000 s, quantum 30. J1 starts at 0 (dispatched by 30). J2 arrives at 40,
    // when J1 (40 s) has dropped to level 1, but J1 has run only 40 s of its minimum 60: J2
    // waits for the next quantum, at 60. It is dispatched until 90 and leaves at 100; J1 resumes
    // there with 1000 − 30 s left and ends at 1070.
    const run = await checkRun(lsfMlfq, { nodes: 1 }, [sequential(1, 0, 1000), sequential(2, 40, 10)], {
      profile: lsfProfile,
      options: { thresholds: [20, 5000], quantum: 30 },
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 1070), at(2, 60, 100)]);
  });

  it('keeps to the multiprogramming limit', async () => {
    // 1 processor holding at most 2 resident jobs, thresholds 10 and 1000 s, quantum 5. J2
    // displaces J1 (level 1) at 20. J3 arrives at 40 at level 0, above J2 (20 s, level 1), but J1
    // and J2 fill the processor's two places: J3 waits until J2 leaves at 120, then runs to 220
    // (its demotion at 130 leaves it level with the stopped J1), and J1 finishes at 300.
    const run = await checkRun(
      lsfMlfq,
      { nodes: 1, multiprogrammingLimit: 2 },
      [sequential(1, 0, 100), sequential(2, 20, 100), sequential(3, 40, 100)],
      { options: { thresholds: [10, 1000], quantum: 5 } },
    );
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 300), at(2, 20, 120), at(3, 120, 220)]);
  });

  it('defaults to three levels with thresholds of 1000 and 10000 processor-seconds', () => {
    const defaults = lsfMlfq.options.parse({});
    expect(defaults).toEqual({ thresholds: [1000, 10000], quantum: 60 });
    expect(() => lsfMlfq.options.parse({ thresholds: [100, 50] })).toThrow();
  });
});
