import { regularizedGammaP } from '../../distributions/gamma-function.ts';
import { lublinConstants } from './parameters.ts';

const { buckets, secondsInBucket, cyclicDayStart } = lublinConstants;

/**
 * The daily cycle's bucket weights (MODELS.md, `arrive_init`): for i = 11 … 58 the weight of bucket
 * (i − 1) mod 48 is G(i + ½) − G(i − ½), G the gamma(ANUM, BNUM) CDF; then divided by their mean, so
 * a day holds 48 points in all and the long-run arrival rate is 1 / E[gap].
 */
export function dailyCycleWeights(anum: number, bnum: number): Float64Array {
  const weights = new Float64Array(buckets);
  for (let i = cyclicDayStart; i < cyclicDayStart + buckets; i++) {
    weights[(i - 1) % buckets] =
      regularizedGammaP(anum, (i + 0.5) / bnum) - regularizedGammaP(anum, (i - 0.5) / bnum);
  }
  const mean = weights.reduce((a, b) => a + b, 0) / buckets;
  for (let k = 0; k < buckets; k++) weights[k]! /= mean;
  return weights;
}

/**
 * Arrival clock of one job stream (`calc_next_arrive`). A gap drawn at rush-hour rate is worth
 * gap/1800 points; a bucket of weight w absorbs w points in its 1800 s, so points are spent bucket
 * by bucket, and what is left in the last bucket becomes seconds at that bucket's rate. Heavy
 * buckets (afternoon) thus see more arrivals per hour than light ones (night).
 */
export class DailyClock {
  #bucket: number;
  /** Points already spent in the current bucket. */
  #spent = 0;
  /** Whole buckets elapsed since time 0. */
  #elapsed = 0;

  constructor(
    private readonly weights: Float64Array,
    startHour: number,
  ) {
    this.#bucket = Math.floor(startHour * 2) % buckets;
  }

  /** Move on by `points` and return the arrival time in seconds from the start. */
  advance(points: number): number {
    const weights = this.weights;
    let left = points;
    let room = weights[this.#bucket]! - this.#spent;
    while (left > room) {
      left -= room;
      this.#bucket = (this.#bucket + 1) % buckets;
      this.#elapsed++;
      this.#spent = 0;
      room = weights[this.#bucket]!;
    }
    this.#spent += left;
    const weight = weights[this.#bucket]!;
    const within = weight > 0 ? this.#spent / weight : 0;
    return (this.#elapsed + within) * secondsInBucket;
  }
}
