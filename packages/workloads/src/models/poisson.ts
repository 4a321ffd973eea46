import type { Job, RandomStream } from '@js/core';
import { exponentialDraw } from '../distributions/exponential.ts';
import type { ModelSampler } from './model.ts';

/** The stream Poisson arrivals draw from. */
export const arrivalsStream = 'arrivals';

/** What a model with Poisson arrivals is made of. */
export interface PoissonModel<K extends string> {
  readonly processors: number;
  /** Offered load at `meanInterarrival`, by the model's definition. */
  readonly load: number;
  readonly meanInterarrival: number;
  /** The model's streams by purpose (the `arrivals` stream is the process's own). */
  readonly streams: Readonly<Record<K, string>>;
  /** Draw job `id`, submitted at `submit`, from the opened streams. */
  readonly job: (id: number, submit: number, streams: Readonly<Record<K, RandomStream>>) => Job;
}

/**
 * A model whose jobs arrive as a Poisson process: exponential gaps of mean `meanInterarrival`
 * (× the arrival scale) from the `arrivals` stream, the first one gap after time 0.
 */
export function poissonSampler<K extends string>(model: PoissonModel<K>): ModelSampler {
  return {
    processors: model.processors,
    offeredLoad: model.load,
    meanInterarrival: model.meanInterarrival,
    *generate(streams, count, arrivalScale) {
      const opened = Object.fromEntries(
        Object.entries<string>(model.streams).map(([purpose, name]) => [purpose, streams.stream(name)]),
      ) as Record<K, RandomStream>;
      const arrivals = streams.stream(arrivalsStream);
      const meanGap = model.meanInterarrival * arrivalScale;
      let submit = 0;
      for (let id = 1; id <= count; id++) {
        submit += exponentialDraw(meanGap, arrivals.next());
        yield model.job(id, submit, opened);
      }
    },
  };
}
