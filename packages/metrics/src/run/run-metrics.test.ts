import { ConfigError, noPlacementRules, OptionsError, type RunInfo } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jobOutcome, type OutcomeSketch } from '../fixtures/job-outcome.ts';
import { type PlannedJob, replaySchedule } from '../fixtures/schedule-replay.ts';
import { createRunMetrics } from './run-metrics.ts';

const machine = (processors: number): RunInfo => ({
  discipline: 'easy',
  multiprogrammingLimit: Number.POSITIVE_INFINITY,
  nodeOf: (p: number) => p,
  cpuOf: (p: number) => p,
  ownerOf: () => 'easy',
  placement: noPlacementRules,
  processors,
  resourceNames: ['memory'],
  resourceCapacities: [100],
});

/** Quantiles are estimates within α = 1 %: compare with that tolerance. */
const expectWithin1Percent = (estimate: number, exact: number): void => {
  expect(Math.abs(estimate - exact)).toBeLessThanOrEqual(0.01 * exact);
};

/**
 * EASY on 4 processors: job 2 (4 wide) waits for job 1; job 3 backfills into the 2 spare
 * processors because it ends (at 6) before job 2's reservation (at 10).
 */
const easySchedule: PlannedJob[] = [
  { id: 1, submit: 0, start: 0, end: 10, processors: 2, memory: 40 },
  { id: 2, submit: 2, start: 10, end: 15, processors: 4, memory: 80 },
  { id: 3, submit: 4, start: 4, end: 6, processors: 1, memory: 10, backfilled: true },
];

describe('createRunMetrics', () => {
  it('sums up a three-job EASY schedule worked out by hand', () => {
    const metrics = createRunMetrics();
    metrics.begin(machine(4));
    replaySchedule(metrics, easySchedule);
    const s = metrics.summary({ cleaned: { 'runtime-not-positive': 2, 'wider-than-machine': 1 } });

    expect(s.discipline).toBe('easy');
    expect(s.status).toBe('completed');
    expect(s.jobs).toEqual({ submitted: 3, finished: 3, killed: 0, inSystem: 0, cleaned: 3 });
    expect(s.cleanedByRule).toEqual({ 'runtime-not-positive': 2, 'wider-than-machine': 1 });
    expect(s.window).toEqual({ warmUpJobs: 0, measuredJobs: null, jobs: 3, start: 0, end: 15 });

    // Waits 0, 8, 0; responses 10, 13, 2; slowdowns 1, 2.6, 1; bounded (τ 10) 1, 1.3, 1.
    expect(s.wait).toMatchObject({ count: 3, mean: 8 / 3, median: 0, p95: 0, max: 8 });
    expect(s.response).toMatchObject({ count: 3, max: 13 });
    expect(s.response.mean).toBeCloseTo(25 / 3, 12);
    expectWithin1Percent(s.response.median, 10);
    expectWithin1Percent(s.response.p95, 10);
    expect(s.slowdown.mean).toBeCloseTo(4.6 / 3, 12);
    expect(s.slowdown.max).toBe(2.6);
    expect(s.boundedSlowdown.mean).toBeCloseTo(1.1, 12);
    expect(s.boundedSlowdown.max).toBe(1.3);
    expect(s.boundedSlowdownThreshold).toBe(10);
    expect(s.quantileAccuracy).toBe(0.01);
    // Partition sizes 2, 4, 1 (processor time / run time of rigid jobs).
    expect(s.partitionSize).toMatchObject({ count: 3, max: 4 });
    expect(s.partitionSize.mean).toBeCloseTo(7 / 3, 12);

    expect(s.makespan).toBe(15);
    expect(s.throughput).toBe(0.2);
    // Weights (processor time) 20, 20, 2: (20·10 + 20·13 + 2·2) / 42.
    expect(s.weightedResponseTime).toBeCloseTo(464 / 42, 12);
    // K-resource weights, run time × memory share (capacity 100): 10·0.4, 5·0.8, 2·0.1 = 4, 4, 0.2:
    // (4·10 + 4·13 + 0.2·2) / 8.2.
    expect(s.resourceWeightedResponseTime).toBeCloseTo(92.4 / 8.2, 12);

    // Busy processors 2 on [0,4), 3 on [4,6), 2 on [6,10), 4 on [10,15): 42 processor-seconds of 60.
    expect(s.utilisation.processors).toBeCloseTo(0.7, 12);
    // Memory 40, 50, 40, 80 over the same pieces: 820 of 1 500.
    expect(s.utilisation.resources.memory).toBeCloseTo(820 / 1500, 12);
    // Job 2 queued on [2, 10): 8 job-seconds over 15 s.
    expect(s.meanQueueLength).toBeCloseTo(8 / 15, 12);
    expect(s.maxQueueLength).toBe(1);
    // Running: 1 on [0,4), 2 on [4,6), 1 on [6,15): 17 job-seconds.
    expect(s.meanRunningJobs).toBeCloseTo(17 / 15, 12);
  });

  it('weighs response by processor share on a machine with no named resources', () => {
    const metrics = createRunMetrics();
    metrics.begin({ ...machine(4), resourceNames: [], resourceCapacities: [] });
    replaySchedule(metrics, easySchedule);
    const s = metrics.summary();
    // Weights run time × size / 4: 10·2/4, 5·4/4, 2·1/4 = 5, 5, 0.5: (5·10 + 5·13 + 0.5·2) / 10.5,
    // the processor-time weighting scaled by 1/4 (rigid jobs), so the same figure.
    expect(s.resourceWeightedResponseTime).toBeCloseTo(116 / 10.5, 12);
    expect(s.resourceWeightedResponseTime).toBeCloseTo(s.weightedResponseTime, 12);
  });

  it('weighs response by the sum of resource shares, not processors, with two resources', () => {
    const metrics = createRunMetrics();
    metrics.begin({ ...machine(16), resourceNames: ['memory', 'disk'], resourceCapacities: [32, 100] });
    // Job 1: 2 procs, 8 GB, 50 disk, runs 4 s, response 4: weight 4·(0.25 + 0.5) = 3.
    // Job 2: 14 procs, 16 GB, no disk, waits 2, runs 1 s, response 3: weight 1·0.5 = 0.5.
    const jobs: OutcomeSketch[] = [
      { id: 1, submit: 0, start: 0, end: 4, processors: 2, resources: { memory: 8, disk: 50 } },
      { id: 2, submit: 0, start: 2, end: 3, processors: 14, resources: { memory: 16 } },
    ];
    for (const j of jobs) metrics.submitted(jobOutcome(j).job, 0);
    metrics.jobEnded(jobOutcome(jobs[1]!));
    metrics.jobEnded(jobOutcome(jobs[0]!));
    metrics.end(4, 'completed');
    // (3·4 + 0.5·3) / 3.5; by processor time it would be (8·4 + 14·3) / 22.
    expect(metrics.summary().resourceWeightedResponseTime).toBeCloseTo(13.5 / 3.5, 12);
    expect(metrics.summary().weightedResponseTime).toBeCloseTo(74 / 22, 12);
  });

  it('has no resource-weighted response when no measured job asked for a resource', () => {
    const metrics = createRunMetrics();
    metrics.begin(machine(4));
    replaySchedule(metrics, [{ id: 1, submit: 0, start: 0, end: 3 }]);
    expect(metrics.summary().resourceWeightedResponseTime).toBeNaN();
  });

  it('applies τ from its options', () => {
    const metrics = createRunMetrics({ boundedSlowdownThreshold: 2 });
    metrics.begin(machine(4));
    replaySchedule(metrics, easySchedule);
    // Bounded slowdowns with τ 2: 10/10, 13/5, 2/2.
    const s = metrics.summary();
    expect(s.boundedSlowdown.max).toBe(2.6);
    expect(s.boundedSlowdown.mean).toBeCloseTo(4.6 / 3, 12);
    expect(s.boundedSlowdownThreshold).toBe(2);
  });

  it('takes a cleaned total as a plain number', () => {
    const metrics = createRunMetrics();
    metrics.begin(machine(4));
    replaySchedule(metrics, easySchedule);
    const s = metrics.summary({ cleaned: 5 });
    expect(s.jobs.cleaned).toBe(5);
    expect(s.cleanedByRule).toEqual({});
    expect(metrics.summary().jobs.cleaned).toBe(0);
  });

  it('counts killed jobs, and reports a saturated run with partial figures', () => {
    const metrics = createRunMetrics();
    metrics.begin({ ...machine(1), resourceNames: [], resourceCapacities: [] });
    replaySchedule(
      metrics,
      [
        { id: 1, submit: 0, start: 0, end: 4, ending: 'killed' },
        { id: 2, submit: 1, start: 4, end: Number.POSITIVE_INFINITY },
        { id: 3, submit: 2, start: Number.POSITIVE_INFINITY, end: Number.POSITIVE_INFINITY },
      ],
      { endAt: 10, status: 'saturated' },
    );
    const s = metrics.summary();
    expect(s.status).toBe('saturated');
    expect(s.jobs).toMatchObject({ submitted: 3, finished: 0, killed: 1, inSystem: 2 });
    // Jobs are still in the system, so time averages run to the end of the run.
    expect(s.window).toMatchObject({ jobs: 1, start: 0, end: 10 });
    expect(s.utilisation.processors).toBe(1);
    expect(s.utilisation.resources).toEqual({});
    // Queue: 1 on [1,2), 2 on [2,4), 1 on [4,10): 11 job-seconds.
    expect(s.meanQueueLength).toBeCloseTo(1.1, 12);
    expect(s.maxQueueLength).toBe(2);
    expect(s.wait).toMatchObject({ count: 1, mean: 0 });
    expect(s.makespan).toBe(4);
  });

  describe('measurement window', () => {
    // One processor, first come first served. Submission order 0…5; warm-up 2, measured 3:
    // jobs 3, 4, 5 are measured, job 6 (arriving after the window) is not.
    const fcfs: PlannedJob[] = [
      { id: 1, submit: 0, start: 0, end: 2 },
      { id: 2, submit: 1, start: 2, end: 4 },
      { id: 3, submit: 3, start: 4, end: 6 },
      { id: 4, submit: 4, start: 6, end: 7 },
      { id: 5, submit: 8, start: 8, end: 11 },
      { id: 6, submit: 9, start: 11, end: 12 },
    ];
    const info = { ...machine(1), resourceNames: [], resourceCapacities: [] };

    it('ignores warm-up jobs and jobs after the measured count', () => {
      const metrics = createRunMetrics({ warmUpJobs: 2, measuredJobs: 3 });
      metrics.begin(info);
      replaySchedule(metrics, fcfs);
      const s = metrics.summary();
      // Waits 1, 2, 0 and responses 3, 3, 3 (jobs 3–5 only).
      expect(s.wait).toMatchObject({ count: 3, mean: 1, max: 2 });
      expect(s.response).toMatchObject({ count: 3, mean: 3, max: 3 });
      // Counts still cover the whole run.
      expect(s.jobs).toMatchObject({ submitted: 6, finished: 6, inSystem: 0 });
      // From job 3's arrival (3) to job 5's departure (11), although job 6 runs on to 12.
      expect(s.window).toEqual({ warmUpJobs: 2, measuredJobs: 3, jobs: 3, start: 3, end: 11 });
      expect(s.makespan).toBe(8);
      expect(s.throughput).toBe(3 / 8);
      // Busy on [3,7) and [8,11): 7 of 8 s. Queue 1 on [3,6) and [9,11): 5 job-seconds.
      expect(s.utilisation.processors).toBe(7 / 8);
      expect(s.meanQueueLength).toBe(5 / 8);
      expect(s.meanRunningJobs).toBe(7 / 8);
      expect(metrics.progress()).toEqual({
        measuredSubmitted: 3,
        measuredEnded: 3,
        arrivalsAfterWindow: 1,
        complete: true,
      });
    });

    it('measures every job by default', () => {
      const metrics = createRunMetrics();
      metrics.begin(info);
      replaySchedule(metrics, fcfs);
      const s = metrics.summary();
      // Waits 0, 1, 1, 2, 0, 2.
      expect(s.wait).toMatchObject({ count: 6, mean: 1, max: 2 });
      expect(s.window).toMatchObject({ start: 0, end: 12 });
      // Idle only on [7, 8).
      expect(s.utilisation.processors).toBe(11 / 12);
      expect(metrics.progress()).toMatchObject({ arrivalsAfterWindow: 0, complete: false });
    });

    it('reports progress while the window is still open', () => {
      const metrics = createRunMetrics({ warmUpJobs: 2, measuredJobs: 3 });
      metrics.begin(info);
      replaySchedule(metrics, fcfs.slice(0, 4), { endAt: 7, status: 'time-limit' });
      expect(metrics.progress()).toEqual({
        measuredSubmitted: 2,
        measuredEnded: 2,
        arrivalsAfterWindow: 0,
        complete: false,
      });
      // Both measured jobs left at 7: the period ends there.
      expect(metrics.summary().window).toMatchObject({ jobs: 2, start: 3, end: 7 });
    });
  });

  it('satisfies Little’s law on random one-processor FCFS runs', () => {
    // Over [first arrival, last departure] of a completed run, ∫ queue dt = Σ waits and
    // ∫ running dt = Σ run times, so the time averages follow from the per-job figures.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 40 })), {
          minLength: 1,
          maxLength: 60,
        }),
        (arrivals) => {
          let submit = 0;
          let free = 0;
          const jobs: PlannedJob[] = arrivals.map(([gap, runTime], i) => {
            submit += gap;
            const start = Math.max(submit, free);
            free = start + runTime;
            return { id: i + 1, submit, start, end: free };
          });
          const metrics = createRunMetrics();
          metrics.begin({ ...machine(1), resourceNames: [], resourceCapacities: [] });
          replaySchedule(metrics, jobs);
          const s = metrics.summary();
          const span = free - jobs[0].submit;
          const totalWait = jobs.reduce((a, j) => a + (j.start - j.submit), 0);
          const totalRun = jobs.reduce((a, j) => a + (j.end - j.start), 0);
          expect(s.makespan).toBe(span);
          expect(s.meanQueueLength).toBeCloseTo(totalWait / span, 9);
          expect(s.meanRunningJobs).toBeCloseTo(totalRun / span, 9);
          expect(s.utilisation.processors).toBeCloseTo(totalRun / span, 9);
          expect(s.wait.mean).toBeCloseTo(totalWait / jobs.length, 9);
        },
      ),
      { numRuns: 200 },
    );
  });

  describe('misuse', () => {
    it('rejects a bad option, naming it', () => {
      expect(() => createRunMetrics({ warmUpJobs: -1 })).toThrow(OptionsError);
      expect(() => createRunMetrics({ warmUpJobs: -1 })).toThrow(/warmUpJobs = -1/);
      // @ts-expect-error: not an option
      expect(() => createRunMetrics({ tau: 10 })).toThrow(/tau/);
    });

    it('needs begin() before the other hooks', () => {
      const metrics = createRunMetrics();
      expect(() => metrics.jobEnded(jobOutcome({ id: 1, submit: 0, start: 0, end: 1 }))).toThrow(ConfigError);
    });

    it('has no summary before the run ended', () => {
      const metrics = createRunMetrics();
      metrics.begin(machine(4));
      expect(() => metrics.summary()).toThrow(/before the run ended/);
    });
  });
});
