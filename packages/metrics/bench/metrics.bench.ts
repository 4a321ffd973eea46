/**
 * Streaming metrics cost per job: a million jobs through `submitted` → `jobEnded` → `sample`, as
 * the engine calls them, on a 128-processor machine with two named resources.
 */
import { type Job, type JobOutcome, noPlacementRules, type OccupancySample, RandomStreams } from '@js/core';
import { defineBench } from '../../../tooling/bench.ts';
import { createRunMetrics } from '../src/index.ts';

const jobs = 1_000_000;
const pool = 4096;

// Per-job figures drawn once (outside the timed region) and cycled: wait, run time, size.
const waits = new Float64Array(pool);
const runTimes = new Float64Array(pool);
const sizes = new Int32Array(pool);

function setup(): void {
  const u = new RandomStreams(1).stream('bench');
  for (let i = 0; i < pool; i++) {
    waits[i] = u.next() < 0.3 ? 0 : -600 * Math.log(1 - u.next());
    runTimes[i] = 1 - 3600 * Math.log(1 - u.next());
    sizes[i] = 1 + Math.floor(u.next() * 64);
  }
}

function run(warmUpJobs: number, measuredJobs: number | undefined) {
  return () => {
    const metrics = createRunMetrics({ warmUpJobs, measuredJobs });
    metrics.begin({
      discipline: 'bench',
      multiprogrammingLimit: Number.POSITIVE_INFINITY,
      nodeOf: (p: number) => p,
      cpuOf: (p: number) => p,
      ownerOf: () => 'bench',
      placement: noPlacementRules,
      processors: 128,
      resourceNames: ['memory', 'licences'],
      resourceCapacities: [1024, 16],
    });
    const resourcesInUse = new Float64Array(2);
    const sample: { -readonly [K in keyof OccupancySample]: OccupancySample[K] } = {
      now: 0,
      busyProcessors: 0,
      resourcesInUse,
      partitions: [],
      queued: 0,
      running: 0,
      preempted: 0,
    };
    let now = 0;
    for (let i = 0; i < jobs; i++) {
      const k = i % pool;
      now += 10;
      const job: Job = {
        id: i,
        submit: now,
        size: sizes[k],
        runtime: runTimes[k],
        estimate: 2 * runTimes[k],
      };
      metrics.submitted(job, now);
      const start = now + waits[k];
      const outcome: JobOutcome = {
        job,
        arrival: i,
        discipline: 'bench',
        start,
        end: start + runTimes[k],
        ending: 'finished',
        processors: sizes[k],
        processorTime: sizes[k] * runTimes[k],
        runTime: runTimes[k],
        preemptions: 0,
        checkpoints: 0,
        resizes: 0,
        backfilled: false,
      };
      metrics.jobEnded(outcome);
      sample.now = now;
      sample.busyProcessors = sizes[k];
      sample.queued = k & 7;
      sample.running = 1 + (k & 3);
      resourcesInUse[0] = 8 * sizes[k];
      resourcesInUse[1] = k & 15;
      metrics.sample(sample);
    }
    metrics.end(now, 'completed');
    metrics.summary();
    return { items: jobs };
  };
}

export default defineBench('metrics', [
  { name: '1 M jobs, all measured', setup, run: run(0, undefined), iterations: 5 },
  { name: '1 M jobs, window 5 % warm-up + 90 % measured', setup, run: run(50_000, 900_000), iterations: 5 },
]);
