import { defineBench } from '../../../tooling/bench.ts';
import { modelWorkload, workloadModels } from '../src/index.ts';

/** Generation speed of every workload model: draw a million jobs (default options, seed 1). */
const JOBS = 1_000_000;

export default defineBench(
  'models',
  workloadModels.map((model) => ({
    name: `${model.name}, ${JOBS.toLocaleString('en-US')} jobs`,
    iterations: 3,
    run: () => {
      let jobs = 0;
      for (const _ of modelWorkload(model, { jobs: JOBS, seed: 1 }).jobs) jobs++;
      return { jobs };
    },
  })),
);
