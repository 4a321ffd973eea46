import type { Job } from '@js/core';
import { swfFieldIndex } from '../swf/fields.ts';

/**
 * Any job stream — a trace, a model, a synthetic spec — at another load: submit times are stretched
 * by `factor` about the first job's submit time (factor > 1 spreads arrivals out, lowering the
 * load; < 1 packs them, raising it). Sizes and runtimes are untouched. A trace job's SWF record gets
 * the new submit time too, so writing the stream back shows the scaled arrivals.
 */
export function scaleArrivals(jobs: Iterable<Job>, factor: number): Iterable<Job>;
export function scaleArrivals(jobs: AsyncIterable<Job>, factor: number): AsyncIterable<Job>;
export function scaleArrivals(
  jobs: Iterable<Job> | AsyncIterable<Job>,
  factor: number,
): Iterable<Job> | AsyncIterable<Job> {
  if (!(factor > 0) || !Number.isFinite(factor))
    throw new RangeError(`scaleArrivals: factor must be a positive finite number, got ${factor}`);
  const rescale = (origin: number, job: Job): Job => {
    const submit = origin + (job.submit - origin) * factor;
    if (!job.swf) return { ...job, submit };
    const swf = [...job.swf];
    swf[swfFieldIndex.submitTime] = submit;
    return { ...job, submit, swf };
  };
  if (Symbol.asyncIterator in jobs) {
    return {
      async *[Symbol.asyncIterator]() {
        let origin: number | undefined;
        for await (const job of jobs) yield rescale((origin ??= job.submit), job);
      },
    };
  }
  return {
    *[Symbol.iterator]() {
      let origin: number | undefined;
      for (const job of jobs) yield rescale((origin ??= job.submit), job);
    },
  };
}

/**
 * The offered load a job stream actually carries on `processors`: Σ size·runtime over
 * P × (last submit − first submit), the rigid definition (processor-seconds demanded per second).
 */
export async function measureOfferedLoad(
  jobs: Iterable<Job> | AsyncIterable<Job>,
  processors: number,
): Promise<number> {
  let first: number | undefined;
  let last = 0;
  let work = 0;
  const add = (job: Job): void => {
    first ??= job.submit;
    last = job.submit;
    work += job.size * job.runtime;
  };
  if (Symbol.asyncIterator in jobs) for await (const job of jobs) add(job);
  else for (const job of jobs) add(job);
  const span = first === undefined ? 0 : last - first;
  return span > 0 ? work / (processors * span) : Number.NaN;
}

/** The factor for {@link scaleArrivals} that turns a stream of load `measured` into one of load `target`. */
export const arrivalScaleForLoad = (measured: number, target: number): number => measured / target;
