import type { RunData } from '../model.ts';

/** One bucket of a run's time series: time averages over [t, t + width). */
export interface TimePoint {
  readonly run: string;
  /** Bucket start, seconds. */
  readonly t: number;
  /** Busy processors / machine size. */
  readonly utilisation: number;
  /** Jobs waiting to start (submitted, not yet started). */
  readonly queue: number;
}

export interface TimeSeries {
  readonly points: readonly TimePoint[];
  readonly from: number;
  readonly to: number;
  /** Seconds per bucket. */
  readonly width: number;
  readonly buckets: number;
}

/**
 * Utilisation and queue length over time for every run with per-job data, on one time axis: the
 * span from the first submission to the last departure over all runs, cut into at most
 * `maxBuckets` equal buckets, each point the exact time average over its bucket (not a sample, so
 * a short burst still counts in proportion). Busy processors come from the segments when the input
 * has them (resized and preempted jobs counted as they held processors), else from each job's
 * processors between start and end.
 */
export function timeSeries(runs: readonly RunData[], maxBuckets = 400): TimeSeries | undefined {
  const withJobs = runs.filter((r) => r.jobs && r.jobs.id.length > 0);
  if (withJobs.length === 0) return undefined;
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const r of withJobs) {
    const j = r.jobs!;
    for (let i = 0; i < j.id.length; i++) {
      from = Math.min(from, j.submit[i]!);
      to = Math.max(to, j.end[i]!);
    }
  }
  const buckets = Math.max(1, Math.min(maxBuckets, Math.ceil(to - from)));
  const width = Math.max(to - from, 1) / buckets;
  const points: TimePoint[] = [];
  for (const run of withJobs) {
    const busy = new Integral(from, width, buckets);
    const waiting = new Integral(from, width, buckets);
    const jobs = run.jobs!;
    const segments = run.segments;
    for (let i = 0; i < jobs.id.length; i++) {
      waiting.add(jobs.submit[i]!, jobs.start[i]!, 1);
      if (!segments || segments.job.length === 0) busy.add(jobs.start[i]!, jobs.end[i]!, jobs.processors[i]!);
    }
    if (segments && segments.job.length > 0)
      for (let k = 0; k < segments.job.length; k++) {
        let width = 0;
        for (let r = segments.rangeStart[k]!; r < segments.rangeStart[k + 1]!; r++)
          width += segments.rangeLast[r]! - segments.rangeFirst[r]! + 1;
        // A periodic record's stretches, each in turn.
        for (let n = 0; n < segments.count[k]!; n++) {
          const shift = n * segments.period[k]!;
          busy.add(segments.from[k]! + shift, segments.to[k]! + shift, width);
        }
      }
    const processors = run.processors ?? 1;
    const busyMeans = busy.means();
    const waitingMeans = waiting.means();
    for (let b = 0; b < buckets; b++)
      points.push({
        run: run.label,
        t: from + b * width,
        utilisation: busyMeans[b]! / processors,
        queue: waitingMeans[b]!,
      });
  }
  return { points, from, to, width, buckets };
}

/**
 * ∫ of a step function over equal buckets, built from weighted intervals in O(1) each: partial
 * first and last buckets directly, whole buckets between them through a difference array.
 */
export class Integral {
  readonly #partial: Float64Array;
  readonly #whole: Float64Array;
  constructor(
    readonly from: number,
    readonly width: number,
    readonly buckets: number,
  ) {
    this.#partial = new Float64Array(buckets);
    this.#whole = new Float64Array(buckets + 1);
  }

  /** Add `weight` over [a, b), clipped to the buckets' span. */
  add(a: number, b: number, weight: number): void {
    const end = this.from + this.width * this.buckets;
    a = Math.max(a, this.from);
    b = Math.min(b, end);
    if (!(b > a) || weight === 0) return;
    const i = Math.min(this.buckets - 1, Math.floor((a - this.from) / this.width));
    const j = Math.min(this.buckets - 1, Math.floor((b - this.from) / this.width));
    if (i === j) {
      this.#partial[i]! += weight * (b - a);
      return;
    }
    this.#partial[i]! += weight * (this.from + (i + 1) * this.width - a);
    this.#partial[j]! += weight * (b - (this.from + j * this.width));
    this.#whole[i + 1]! += weight;
    this.#whole[j]! -= weight;
  }

  /** The time average of each bucket. */
  means(): Float64Array {
    const out = new Float64Array(this.buckets);
    let whole = 0;
    for (let b = 0; b < this.buckets; b++) {
      whole += this.#whole[b]!;
      out[b] = (this.#partial[b]! + whole * this.width) / this.width;
    }
    return out;
  }
}
