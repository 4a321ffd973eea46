import { type Job, simulate } from '@js/core';
import { Machine } from '@js/machine';
import { modelWorkload } from '@js/workloads';
import { defineBench } from '../../../tooling/bench.ts';
import { easy, easyBb, easyBl } from '../src/index.ts';

/**
 * Leinberger et al.'s setting at its heaviest: K = 8 uniform requirements, at the load where
 * EASY's mean queue is about 256 (`schedlab calibrate -d easy --statistic meanQueueLength
 * --target 256` on these 10 000 jobs, seed 1: load 3 → 256.5). The jobs are generated once,
 * outside the timed region; each run schedules them all.
 */
const K8_QUEUE_256 = { options: { k: 8 }, jobs: 10_000, load: 3, seed: 1 };
let jobs: Job[] = [];
let machine: Machine;

const scenario = (discipline: typeof easy) => ({
  name: `${discipline.name}, K = 8 uniform, EASY queue ≈ 256 (10,000 jobs)`,
  setup: () => {
    const w = modelWorkload('k-resource', K8_QUEUE_256);
    jobs = [...w.jobs];
    machine = new Machine({ nodes: w.processors, resources: w.resources });
  },
  run: async () => {
    const result = await simulate(jobs, { machine, discipline, knowledge: { runtimes: 'exact' } });
    return { jobs: result.ended, events: result.events };
  },
  iterations: 3,
});

export default defineBench('k-resource', [scenario(easy), scenario(easyBl), scenario(easyBb)]);
