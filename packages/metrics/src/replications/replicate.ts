import { parseOptions, SchedlabError } from '@js/core';
import * as z from 'zod';
import {
  type ConfidenceInterval,
  confidenceInterval,
  enoughReplications,
  replicationOptionsSchema,
} from './confidence-interval.ts';

/** Options of {@link replicate}: the confidence target and a cap, so the loop always ends. */
export const replicateOptionsSchema = replicationOptionsSchema
  .extend({
    /** Stop here even if the interval is still wider than the target. */
    maxReplications: z.int().min(2).default(30),
  })
  .refine((o) => o.maxReplications >= o.minReplications, {
    path: ['maxReplications'],
    message: 'must be at least minReplications',
  });

/** Options of {@link replicate} as a caller writes them: confidence, target half-width, at least and at most how many replications. */
export type ReplicateOptions = z.input<typeof replicateOptionsSchema>;

/** Why the replications stopped. */
export type ReplicationStop =
  /** The interval's relative half-width reached the target. */
  | 'converged'
  /** A replication saturated: the figure is unbounded at this load (A&S report it as ∞). */
  | 'saturated'
  /** The cap was reached first: the interval is the best there is, wider than the target. */
  | 'max-replications';

/** What {@link replicate} returns: why it stopped, every replication's result and the confidence interval of the statistic. */
export interface Replicated<T> {
  readonly stop: ReplicationStop;
  /** Every replication's result, in the order run (the saturated one last, when there is one). */
  readonly runs: readonly T[];
  /** The statistic of each replication that did not saturate. */
  readonly values: readonly number[];
  /** Over {@link values}. */
  readonly interval: ConfidenceInterval;
}

/** How {@link replicate} runs one replication, reads its statistic and tells whether it saturated. */
export interface ReplicateInput<T> {
  /** Run replication `index` (0-based); each must draw from its own seed. */
  readonly run: (index: number) => Promise<T>;
  /** The statistic the confidence target is on (Anastasiadis & Sevcik: mean response time). */
  readonly statistic: (result: T) => number;
  /** Whether the replication saturated; its statistic is then not read. */
  readonly saturated: (result: T) => boolean;
  readonly options?: ReplicateOptions;
  /** Told of each replication as it ends (progress). */
  readonly replicated?: (result: T, index: number) => void;
}

/** A replication whose statistic is not a number (no measured job left the system). */
export class ReplicationError extends SchedlabError {
  readonly code = 'REPLICATION_FAILED';
}

/**
 * Independent replications until the confidence interval of the statistic's mean is narrow enough
 * (Anastasiadis & Sevcik 1997, §6: 95 % half-width ≤ 5 % of the mean). Replications run one after
 * another; the loop ends at the first of: the target met (with at least `minReplications`), a
 * saturated replication, or `maxReplications`. It never runs forever: a saturated load is
 * reported as such at once rather than replicated in search of a mean that does not exist.
 */
export async function replicate<T>(input: ReplicateInput<T>): Promise<Replicated<T>> {
  const { maxReplications, ...target } = parseOptions(
    'replications',
    replicateOptionsSchema,
    input.options ?? {},
  );
  const runs: T[] = [];
  const values: number[] = [];
  const done = (stop: ReplicationStop): Replicated<T> => ({
    stop,
    runs,
    values,
    interval: confidenceInterval(values, target),
  });
  for (let index = 0; index < maxReplications; index++) {
    const result = await input.run(index);
    runs.push(result);
    input.replicated?.(result, index);
    if (input.saturated(result)) return done('saturated');
    const value = input.statistic(result);
    if (!Number.isFinite(value)) {
      throw new ReplicationError(
        `replication ${index + 1}: the statistic is ${value}, not a finite number (did any measured job leave the system?)`,
      );
    }
    values.push(value);
    if (enoughReplications(values, target)) return done('converged');
  }
  return done('max-replications');
}
