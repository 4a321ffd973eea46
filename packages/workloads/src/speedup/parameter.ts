import * as z from 'zod';
import { constantDistribution } from '../distributions/constant.ts';
import type { Distribution } from '../distributions/distribution.ts';
import { createDistribution, distributionSpecSchema } from '../distributions/spec.ts';

/**
 * A per-job quantity of a synthetic spec: a number (every job gets it) or a distribution each job
 * draws from (`{ "kind": "uniform", "min": 0, "max": 0.1 }`).
 *
 * Zod reports a failed union as a bare "Invalid input"; the error hook below says instead what
 * was wrong inside the distribution (its field and why), so a spec file's error stays located.
 */
export const parameterSchema = z.union([z.number(), distributionSpecSchema], {
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return 'expected a number or a distribution such as { "kind": "uniform", "min": 0, "max": 1 }';
    }
    const inner = issue.errors[1]?.[0];
    if (!inner) return undefined;
    const at = inner.path.length ? `${inner.path.join('.')}: ` : '';
    return `not a valid distribution: ${at}${inner.message}`;
  },
});
/** A speedup-model parameter: one number for every job, or a distribution spec drawn per job. */
export type Parameter = z.infer<typeof parameterSchema>;

/** The distribution a parameter draws from; a number is a constant. */
export const parameterDistribution = (parameter: Parameter, owner: string): Distribution =>
  typeof parameter === 'number'
    ? constantDistribution({ kind: 'constant', value: parameter })
    : createDistribution(parameter, owner);
