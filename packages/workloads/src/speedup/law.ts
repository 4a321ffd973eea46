import type { RandomStreams, TraitKnowledge } from '@js/core';
import type { Distribution } from '../distributions/distribution.ts';
import { downey97TraitKnowledge } from '../models/downey-97/model.ts';
import { sevcik94TraitKnowledge } from '../models/sevcik-94/model.ts';
import { expectationOverCounts } from './counts.ts';
import { amdahlCurve, downeyCurve, linearCurve, type SpeedupCurve, sevcikCurve } from './execution-time.ts';
import { parameterDistribution } from './parameter.ts';
import type { SpeedupShape, SpeedupSpec } from './spec.ts';

/** The stream each speedup parameter draws from, one per purpose. */
export const speedupStreamNames = {
  serialFraction: 'serial-fractions',
  alpha: 'alphas',
  beta: 'betas',
  mu: 'speedup-shapes',
  A: 'average-parallelism',
  sigma: 'sigmas',
} as const;

/** One job's execution-time curve and the parameters it was drawn with (as traits). */
export interface JobSpeedup {
  readonly curve: SpeedupCurve;
  readonly traits: Readonly<Record<string, number>>;
}

/** A speedup kind with its per-job parameter laws, ready to draw. */
export interface SpeedupLaw {
  /**
   * E[T(1)], the mean time of a job on one processor: the demand the offered load counts
   * (seed 004 eq. 10). E[W] for linear, Amdahl and Downey jobs (T(1) = W); φ·E[W] + E[α] + E[β]
   * for Sevcik's, whose one-processor time includes the overheads α and β.
   */
  readonly meanSequentialTime: number;
  /** Who may see each trait (shared by every job of the workload). */
  readonly traitKnowledge: Readonly<Record<string, TraitKnowledge>>;
  /** A drawer bound to a run's streams: the curve of a job of work W and maximum parallelism p_max. */
  drawer(streams: RandomStreams): (work: number, maxParallelism: number) => JobSpeedup;
}

const amdahlTraitKnowledge: Readonly<Record<string, TraitKnowledge>> = Object.freeze({
  work: 'demand',
  serialFraction: 'speedup',
});
const linearTraitKnowledge: Readonly<Record<string, TraitKnowledge>> = Object.freeze({ work: 'demand' });

/**
 * The law of a parsed speedup spec. `work` is W's distribution and `maxParallelism` that of the
 * rounded p_max draws (Sevcik's μ form derives α and β from them); parameters are independent of
 * W and of each other, which is what makes each E[T(1)] below exact.
 */
export function speedupLaw(spec: SpeedupSpec, work: Distribution, maxParallelism: Distribution): SpeedupLaw {
  const names = speedupStreamNames;
  const owner = (field: string) => `synthetic workload speedup.${field}`;
  switch (spec.kind) {
    case 'linear':
      return {
        meanSequentialTime: work.mean,
        traitKnowledge: linearTraitKnowledge,
        drawer: () => (w) => ({ curve: linearCurve(w), traits: { work: w } }),
      };
    case 'amdahl': {
      const f = parameterDistribution(spec.serialFraction, owner('serialFraction'));
      return {
        meanSequentialTime: work.mean,
        traitKnowledge: amdahlTraitKnowledge,
        drawer(streams) {
          const s = streams.stream(names.serialFraction);
          return (w) => {
            const serialFraction = f.sample(s);
            return { curve: amdahlCurve(w, serialFraction), traits: { work: w, serialFraction } };
          };
        },
      };
    }
    case 'downey': {
      const A = parameterDistribution(spec.A, owner('A'));
      const sigma = parameterDistribution(spec.sigma, owner('sigma'));
      return {
        meanSequentialTime: work.mean,
        traitKnowledge: downey97TraitKnowledge,
        drawer(streams) {
          const sA = streams.stream(names.A);
          const sSigma = streams.stream(names.sigma);
          return (w) => {
            const parallelism = A.sample(sA);
            const s = sigma.sample(sSigma);
            return { curve: downeyCurve(w, parallelism, s), traits: { work: w, parallelism, sigma: s } };
          };
        },
      };
    }
    case 'sevcik':
      return spec.mu === undefined
        ? sevcikWithCoefficients(spec, work)
        : sevcikWithShape(spec.phi, [spec.mu].flat(), work, maxParallelism);
  }
}

type SevcikSpec = Extract<SpeedupSpec, { kind: 'sevcik' }>;

/** α and β given in seconds, drawn independently of W. */
function sevcikWithCoefficients(spec: SevcikSpec, work: Distribution): SpeedupLaw {
  const alpha = parameterDistribution(spec.alpha ?? 0, 'synthetic workload speedup.alpha');
  const beta = parameterDistribution(spec.beta ?? 0, 'synthetic workload speedup.beta');
  const { phi } = spec;
  return {
    meanSequentialTime: phi * work.mean + alpha.mean + beta.mean,
    traitKnowledge: sevcik94TraitKnowledge,
    drawer(streams) {
      const sAlpha = streams.stream(speedupStreamNames.alpha);
      const sBeta = streams.stream(speedupStreamNames.beta);
      return (w) => {
        const a = alpha.sample(sAlpha);
        const b = beta.sample(sBeta);
        return { curve: sevcikCurve(w, phi, a, b), traits: { work: w, phi, alpha: a, beta: b } };
      };
    },
  };
}

/** (1/p_max²)^μ, with μ = ∞ giving 0 (α = 0, WK1). */
const alphaFactor = (c: number, mu: SpeedupShape): number => (mu === 'infinity' ? 0 : c ** mu);

/**
 * The paper's form (seed 004 §5.2, eq. 9): β = W/p_max², α = W·(1/p_max²)^μ, μ equally likely from
 * `shapes`. With c = 1/p_max² and W, p_max, μ independent,
 * E[T(1)] = E[W]·(φ + E[c] + E_μ[E[c^μ]]), the expectations over c summed exactly over the
 * rounded p_max counts (as the `sevcik-94` model does over its three values).
 */
function sevcikWithShape(
  phi: number,
  shapes: readonly SpeedupShape[],
  work: Distribution,
  maxParallelism: Distribution,
): SpeedupLaw {
  const meanC = expectationOverCounts(maxParallelism, (k) => 1 / (k * k));
  let meanAlphaFactor = 0;
  for (const mu of shapes) {
    meanAlphaFactor +=
      expectationOverCounts(maxParallelism, (k) => alphaFactor(1 / (k * k), mu)) / shapes.length;
  }
  return {
    meanSequentialTime: work.mean * (phi + meanC + meanAlphaFactor),
    traitKnowledge: sevcik94TraitKnowledge,
    drawer(streams) {
      const sMu = streams.stream(speedupStreamNames.mu);
      return (w, pmax) => {
        // One shape: no draw, so a single-μ spec leaves the stream untouched.
        const mu = shapes.length === 1 ? shapes[0]! : shapes[Math.floor(sMu.next() * shapes.length)]!;
        const c = 1 / (pmax * pmax);
        const alpha = w * alphaFactor(c, mu);
        const beta = w * c;
        return {
          curve: sevcikCurve(w, phi, alpha, beta),
          traits: { work: w, phi, alpha, beta, maxParallelism: pmax },
        };
      };
    },
  };
}
