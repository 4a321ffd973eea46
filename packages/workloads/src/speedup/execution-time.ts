import type { ExecutionTime } from '@js/core';
import { downeySpeedup } from '../models/downey-97/speedup.ts';
import { amdahl, sevcikShape } from '../models/parsons-sevcik-97/speedup.ts';

/**
 * The execution-time functions a synthetic spec can give its jobs, each with the processor count
 * a job prefers: the smallest count in [lo, hi] at which T(p) is least (more processors would not
 * finish it sooner). `work` W is in seconds; T(1) = W for every kind but Sevcik's, whose T(1) is
 * φW + α + β (W is his "essential work", α and β the overheads of parallelisation).
 */
export interface SpeedupCurve {
  readonly executionTime: ExecutionTime;
  /** The smallest count in [lo, hi] (integers, lo ≤ hi) minimising T. */
  preferredSize(lo: number, hi: number): number;
}

/** Perfect speedup T(p) = W/p: the more processors the better. */
export function linearCurve(work: number): SpeedupCurve {
  return {
    executionTime: (p) => work / p,
    preferredSize: (lo, hi) => (work > 0 ? hi : lo),
  };
}

/**
 * Amdahl's law T(p) = W·(f + (1 − f)/p) with serial fraction f: decreasing while f < 1, flat at f = 1
 * (the g(p) of `models/parsons-sevcik-97`).
 */
export function amdahlCurve(work: number, serialFraction: number): SpeedupCurve {
  const g = amdahl(serialFraction);
  return {
    executionTime: (p) => work * g(p),
    preferredSize: (lo, hi) => (work > 0 && serialFraction < 1 ? hi : lo),
  };
}

/**
 * Sevcik's model T(p) = φW/p + α + β·p (Sevcik 1994; Anastasiadis & Sevcik eq. 5, seed 004 §5.2),
 * the form `models/parsons-sevcik-97` fits, with a = φW. T is convex in p with its real minimum at
 * p* = √(φW/β) (eq. 6 gives p_max = ⌈√(W/β)⌉ for φ = 1), so the best integer count is ⌊p*⌋ or ⌈p*⌉
 * kept within [lo, hi]; with β = 0 T only decreases.
 */
export function sevcikCurve(work: number, phi: number, alpha: number, beta: number): SpeedupCurve {
  const a = phi * work;
  const executionTime = sevcikShape({ a, alpha, beta });
  return {
    executionTime,
    preferredSize(lo, hi) {
      if (a === 0) return lo;
      if (beta === 0) return hi;
      const best = Math.sqrt(a / beta);
      const below = clamp(Math.floor(best), lo, hi);
      const above = clamp(Math.ceil(best), lo, hi);
      return executionTime(above) < executionTime(below) ? above : below;
    },
  };
}

/**
 * Downey's model (HPDC 1997, as `models/downey-97/speedup.ts` codes it from MODELS.md): T(p) = W/S(p)
 * for average parallelism A ≥ 1 and variance in parallelism σ ≥ 0. S rises strictly up to the count
 * n₀ where it reaches A and stays A beyond: n₀ = 2A − 1 for 0 < σ ≤ 1, A + Aσ − σ for σ > 1, and A
 * for σ = 0 (perfect speedup up to A, then flat), so the preferred count is ⌈n₀⌉ within [lo, hi].
 *
 * Unlike the `downey-97` model (whose times are max(1, ⌈L/S⌉) whole seconds, as in the sss
 * simulator), times here are not rounded: T(1) = W exactly, so the offered load is exact.
 */
export function downeyCurve(work: number, A: number, sigma: number): SpeedupCurve {
  const plateau = sigma === 0 ? A : sigma <= 1 ? 2 * A - 1 : A + A * sigma - sigma;
  return {
    executionTime: (p) => work / downeySpeedup(p, A, sigma),
    preferredSize: (lo, hi) => (work > 0 && A > 1 ? clamp(Math.ceil(plateau), lo, hi) : lo),
  };
}

const clamp = (x: number, lo: number, hi: number): number => Math.max(lo, Math.min(x, hi));
