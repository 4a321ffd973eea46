import { type Job, parseOptions, RandomStreams } from '@js/core';
import { exponentialDraw } from '../distributions/exponential.ts';
import { createDistribution } from '../distributions/spec.ts';
import { requireNonNegative } from './checks.ts';
import { moldableWorkload } from './moldable.ts';
import { type SyntheticOptions, syntheticOptionsSchema } from './options.ts';
import { jobSize, meanJobSize } from './sizes.ts';
import {
  isMoldableSpec,
  type RigidSyntheticSpec,
  type SyntheticSpec,
  type SyntheticSpecInput,
  syntheticSpecSchema,
} from './spec.ts';
import { syntheticStreamNames } from './streams.ts';

export { syntheticStreamNames } from './streams.ts';

/** A synthetic job stream and the figures its arrival rate was derived from. */
export interface SyntheticWorkload {
  readonly spec: SyntheticSpec;
  /** Machine size P used for sizes and load. */
  readonly processors: number;
  /**
   * E[size] of the rounded, clipped sizes. Moldable jobs: 1, as their load counts each job as
   * T(1) on one processor (seed 004 eq. 10).
   */
  readonly meanSize: number;
  /** E[runtime]; moldable jobs: E[T(1)]. */
  readonly meanRuntime: number;
  /** Processor-seconds per job the load counts: meanSize × meanRuntime, so λ = ρ·P / meanWork. */
  readonly meanWork: number;
  /** λ in jobs per second. */
  readonly arrivalRate: number;
  /**
   * The jobs, generated lazily. Every iteration starts again from the seed and yields the same
   * jobs, so the stream can be replayed under several disciplines.
   */
  readonly jobs: Iterable<Job>;
}

/**
 * Build a synthetic workload of rigid or of moldable/malleable jobs (`moldable.ts`, whose load is
 * ρ = λ·E[T(1)]/P).
 *
 * Offered load for rigid jobs is ρ = λ·E[size·runtime]/P: the processor-seconds demanded per
 * second over the processor-seconds the machine supplies. Sizes and runtimes are drawn
 * independently, so E[size·runtime] = E[size]·E[runtime] and λ = ρ·P / (E[size]·E[runtime]).
 * Inter-arrival gaps are exponential with mean 1/λ (a Poisson process starting at time 0).
 *
 * Each purpose draws from its own named stream of `seed` ('arrivals', 'sizes', 'runtimes',
 * 'estimates'), so changing, say, the size distribution leaves arrival times untouched.
 * `processors` overrides the spec's machine size; the load then refers to that machine.
 */
export function syntheticWorkload(
  specInput: SyntheticSpecInput,
  options?: SyntheticOptions,
): SyntheticWorkload {
  const spec = parseOptions('synthetic workload', syntheticSpecSchema, specInput);
  const { seed, processors: machine } = parseOptions(
    'synthetic workload options',
    syntheticOptionsSchema,
    options,
  );
  const processors = machine ?? spec.processors;
  return isMoldableSpec(spec)
    ? moldableWorkload(spec, processors, seed)
    : rigidWorkload(spec as RigidSyntheticSpec, processors, seed);
}

function rigidWorkload(
  spec: RigidSyntheticSpec,
  processors: number,
  seed: number | string,
): SyntheticWorkload {
  const sizes = createDistribution(spec.sizes, 'synthetic workload sizes');
  const runtimes = createDistribution(spec.runtimes, 'synthetic workload runtimes');
  const factors = createDistribution(spec.estimates, 'synthetic workload estimates');
  requireNonNegative('runtimes', runtimes);
  requireNonNegative('estimates', factors);
  const meanSize = meanJobSize(sizes, processors);
  const meanRuntime = runtimes.mean;
  const arrivalRate = (spec.load * processors) / (meanSize * meanRuntime);
  const meanGap = 1 / arrivalRate;

  function* generate(): Generator<Job> {
    const streams = new RandomStreams(seed);
    const arrivals = streams.stream(syntheticStreamNames.arrivals);
    const sizeStream = streams.stream(syntheticStreamNames.sizes);
    const runtimeStream = streams.stream(syntheticStreamNames.runtimes);
    const estimateStream = streams.stream(syntheticStreamNames.estimates);
    let submit = 0;
    for (let id = 1; id <= spec.jobs; id++) {
      submit += exponentialDraw(meanGap, arrivals.next());
      const runtime = runtimes.sample(runtimeStream);
      yield {
        id,
        submit,
        size: jobSize(sizes.sample(sizeStream), processors),
        runtime,
        estimate: runtime * factors.sample(estimateStream),
      };
    }
  }
  const meanWork = meanSize * meanRuntime;
  const jobs = { [Symbol.iterator]: generate };
  return { spec, processors, meanSize, meanRuntime, meanWork, arrivalRate, jobs };
}
