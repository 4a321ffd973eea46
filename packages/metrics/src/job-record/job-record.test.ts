import { describe, expect, it } from 'vitest';
import { jobOutcome } from '../fixtures/job-outcome.ts';
import { jobRecord, jobRecordFields } from './job-record.ts';

describe('jobRecord', () => {
  it('flattens an outcome into the figures of one job', () => {
    const record = jobRecord(
      jobOutcome({ id: 7, submit: 100, start: 128, end: 130, processors: 4, backfilled: true }),
    );
    expect(record).toEqual({
      id: 7,
      submit: 100,
      start: 128,
      end: 130,
      wait: 28,
      response: 30,
      runTime: 2,
      processors: 4,
      slowdown: 15,
      boundedSlowdown: 3,
      ending: 'finished',
      backfilled: true,
    });
  });

  it('takes the run time from the outcome, not end − start (a preempted job)', () => {
    const record = jobRecord(jobOutcome({ id: 1, submit: 0, start: 10, end: 70, runTime: 40 }));
    expect(record.response).toBe(70);
    expect(record.slowdown).toBe(70 / 40);
  });

  it('applies τ', () => {
    const outcome = jobOutcome({ id: 1, submit: 0, start: 28, end: 30, ending: 'killed' });
    expect(jobRecord(outcome, 60).boundedSlowdown).toBe(1);
    expect(jobRecord(outcome, 5).boundedSlowdown).toBe(6);
    expect(jobRecord(outcome).ending).toBe('killed');
  });

  it('lists every field once, in record order', () => {
    const record = jobRecord(jobOutcome({ id: 1, submit: 0, start: 0, end: 1 }));
    expect(Object.keys(record)).toEqual([...jobRecordFields]);
  });
});
