import { type Job, OptionsError, RandomStreams } from '@js/core';
import { exponentialDraw } from '../distributions/exponential.ts';
import { createDistribution } from '../distributions/spec.ts';
import { speedupLaw } from '../speedup/law.ts';
import { parameterDistribution } from '../speedup/parameter.ts';
import { moldableIssues, requireNonNegative } from './checks.ts';
import type { SyntheticWorkload } from './generate.ts';
import { jobSize } from './sizes.ts';
import type { MoldableSyntheticSpec } from './spec.ts';
import { syntheticStreamNames } from './streams.ts';

/**
 * Moldable/malleable jobs: each draws its work W, its processor range and its speedup parameters;
 * T(p) follows from the speedup kind (`speedup/execution-time.ts`).
 *
 * - minSize: the rounded minParallelism draw kept within [1, P] (no job may need more than the
 *   machine); maxSize: the rounded maxParallelism draw, ≥ 1 and *not* capped by the machine, as it
 *   is the application's p_max (Anastasiadis & Sevcik give p_max = 64 jobs to 32 workstations);
 * - size: the preferred count, the smallest in [minSize, min(maxSize, P)] at which T is least;
 *   runtime = T(size); estimate = runtime × the estimate factor.
 *
 * Offered load, for every speedup kind, is the rule of seed 004 (eq. 10): ρ = λ·E[T(1)]/P, the
 * one-processor demand arriving per second over the P processors. T(1) = W for linear, Amdahl and
 * Downey jobs; Sevcik's T(1) = φW + α + β includes the overheads. E[T(1)] is exact (`speedupLaw`),
 * so λ = ρ·P / E[T(1)]. For linear jobs this is also the rigid rule, size·T(size) = W. Jobs running
 * on p > 1 processors with overheads (Amdahl, Sevcik, Downey) occupy p·T(p) ≥ T(1)
 * processor-seconds, so the utilisation a policy reaches can exceed ρ.
 */
export function moldableWorkload(
  spec: MoldableSyntheticSpec,
  processors: number,
  seed: number | string,
): SyntheticWorkload {
  const work = createDistribution(spec.work, 'synthetic workload work');
  const minParallelism = parameterDistribution(spec.minParallelism ?? 1, 'synthetic workload minParallelism');
  const maxParallelism = parameterDistribution(
    spec.maxParallelism ?? processors,
    'synthetic workload maxParallelism',
  );
  // The schema checked the spec on its own machine; the processor range depends on the run's.
  const issues = processors === spec.processors ? [] : moldableIssues(spec, processors);
  if (issues.length > 0) {
    throw new OptionsError(
      `synthetic workload on ${processors} processors`,
      issues.map((i) => ({ path: i.path.join('.'), message: i.message, value: valueAt(spec, i.path) })),
    );
  }
  const factors = createDistribution(spec.estimates, 'synthetic workload estimates');
  requireNonNegative('estimates', factors);
  const law = speedupLaw(spec.speedup, work, maxParallelism);
  const meanRuntime = law.meanSequentialTime;
  const arrivalRate = (spec.load * processors) / meanRuntime;
  const meanGap = 1 / arrivalRate;
  const { traitKnowledge } = law;

  function* generate(): Generator<Job> {
    const streams = new RandomStreams(seed);
    const arrivals = streams.stream(syntheticStreamNames.arrivals);
    const workStream = streams.stream(syntheticStreamNames.work);
    const minStream = streams.stream(syntheticStreamNames.minParallelism);
    const maxStream = streams.stream(syntheticStreamNames.maxParallelism);
    const estimateStream = streams.stream(syntheticStreamNames.estimates);
    const draw = law.drawer(streams);
    let submit = 0;
    for (let id = 1; id <= spec.jobs; id++) {
      submit += exponentialDraw(meanGap, arrivals.next());
      const w = work.sample(workStream);
      const minSize = jobSize(minParallelism.sample(minStream), processors);
      const maxSize = jobSize(maxParallelism.sample(maxStream), Number.POSITIVE_INFINITY);
      const { curve, traits } = draw(w, maxSize);
      const size = curve.preferredSize(minSize, Math.min(maxSize, processors));
      const runtime = curve.executionTime(size);
      yield {
        id,
        submit,
        size,
        minSize,
        maxSize,
        runtime,
        estimate: runtime * factors.sample(estimateStream),
        executionTime: curve.executionTime,
        traits,
        traitKnowledge,
      };
    }
  }
  return {
    spec,
    processors,
    meanSize: 1,
    meanRuntime,
    meanWork: meanRuntime,
    arrivalRate,
    jobs: { [Symbol.iterator]: generate },
  };
}

const valueAt = (spec: MoldableSyntheticSpec, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], spec);
