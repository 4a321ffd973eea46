import { ConfigError, OptionsError } from '@js/core';
import type { Distribution } from '../distributions/distribution.ts';
import type { DistributionSpec } from '../distributions/spec.ts';
import { highestCount, lowestCount } from '../speedup/counts.ts';
import { type Parameter, parameterDistribution } from '../speedup/parameter.ts';
import type { SpeedupSpec } from '../speedup/spec.ts';

/** A problem with one field of a spec, by its path (`speedup.serialFraction`). */
export interface SpecIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** The fields of a moldable/malleable spec these checks read. */
export interface MoldableFields {
  readonly work: DistributionSpec;
  readonly speedup: SpeedupSpec;
  readonly minParallelism?: Parameter;
  readonly maxParallelism?: Parameter;
}

/**
 * What the schema cannot say about the laws of a moldable spec: their supports. Each check asks
 * only P(X < x), so it is exact for every distribution kind. Run on a spec whose fields already
 * parsed; a field that did not is skipped here (its own error names it).
 */
export function moldableIssues(spec: MoldableFields, processors: number): SpecIssue[] {
  const issues: SpecIssue[] = [];
  const law = (path: (string | number)[], value: Parameter | undefined): Distribution | undefined => {
    if (value === undefined) return undefined;
    try {
      return parameterDistribution(value, path.join('.'));
    } catch (error) {
      if (error instanceof OptionsError) return undefined;
      throw error;
    }
  };
  const atLeast = (path: (string | number)[], value: Parameter | undefined, min: number, what: string) => {
    const d = law(path, value);
    if (d && d.probabilityBelow(min) > 0)
      issues.push({ path, message: `${what}: it can draw values below ${min}` });
    return d;
  };

  const work = atLeast(['work'], spec.work, 0, 'work W (seconds) must be ≥ 0');
  if (work && !(work.mean > 0))
    issues.push({ path: ['work'], message: `work needs a positive mean, not ${work.mean}` });

  const speedup = spec.speedup;
  if (speedup.kind === 'amdahl') {
    const path = ['speedup', 'serialFraction'];
    const f = atLeast(path, speedup.serialFraction, 0, 'a serial fraction lies in [0, 1]');
    // P(X < 1 + ε) is P(X ≤ 1): no double lies strictly between 1 and 1 + ε.
    if (f && f.probabilityBelow(1 + Number.EPSILON) < 1)
      issues.push({ path, message: 'a serial fraction lies in [0, 1]: it can draw values above 1' });
  } else if (speedup.kind === 'sevcik') {
    atLeast(['speedup', 'alpha'], speedup.alpha, 0, 'α (seconds) must be ≥ 0');
    atLeast(['speedup', 'beta'], speedup.beta, 0, 'β (seconds per processor) must be ≥ 0');
  } else if (speedup.kind === 'downey') {
    atLeast(['speedup', 'A'], speedup.A, 1, 'the average parallelism A must be ≥ 1');
    atLeast(['speedup', 'sigma'], speedup.sigma, 0, 'the variance in parallelism σ must be ≥ 0');
  }

  const min = law(['minParallelism'], spec.minParallelism ?? 1);
  const max = law(['maxParallelism'], spec.maxParallelism ?? processors);
  if (min && max) issues.push(...parallelismIssues(min, max, processors));
  if (max && speedup.kind === 'sevcik' && speedup.mu !== undefined && lowestCount(max) < 2) {
    issues.push({
      path: ['maxParallelism'],
      message: 'with speedup.mu, α = W·(1/p_max²)^μ needs p_max > 1 (seed 004 §5.2), but it can round to 1',
    });
  }
  return issues;
}

/**
 * Every job needs minSize ≤ maxSize: the largest count the minimum can round to (kept within
 * [1, P], as no job may need more than the machine) must not exceed the smallest the maximum can.
 */
export function parallelismIssues(min: Distribution, max: Distribution, processors: number): SpecIssue[] {
  const highestMin = highestCount(min, processors);
  const lowestMax = lowestCount(max);
  if (highestMin <= lowestMax) return [];
  return [
    {
      path: ['minParallelism'],
      message: `a job's minimum parallelism can be ${highestMin} while its maximum (maxParallelism) can be ${lowestMax}; every job needs minimum ≤ maximum`,
    },
  ];
}

/** Runtimes and estimate factors must draw values ≥ 0 and have a positive mean. */
export function requireNonNegative(what: 'runtimes' | 'estimates', d: Distribution): void {
  if (d.probabilityBelow(0) > 0 || !(d.mean > 0)) {
    throw new ConfigError(
      `synthetic workload ${what}: the ${d.kind} distribution can draw negative values or has mean ${d.mean}; ` +
        'it must draw values ≥ 0 with a positive mean',
    );
  }
}
