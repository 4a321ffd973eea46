import type { RandomStream } from '@js/core';

/**
 * A probability distribution made from a JSON-able spec. Draws come from a stream the caller
 * names (`sizes`, `runtimes`…), never from a shared source, so purposes cannot disturb each other.
 */
export interface Distribution {
  readonly kind: string;
  readonly mean: number;
  readonly variance: number;
  /** P(X < x). Used to compute the exact mean of a discretised variable (job sizes). */
  probabilityBelow(x: number): number;
  /** One draw, taking its uniform numbers from `stream` only. */
  sample(stream: RandomStream): number;
}

/** Coefficient of variation (standard deviation / mean). */
export const coefficientOfVariation = (d: Distribution): number => Math.sqrt(d.variance) / d.mean;
