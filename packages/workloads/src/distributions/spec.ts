import { parseOptions } from '@js/core';
import * as z from 'zod';
import { constantDistribution, constantSpecSchema } from './constant.ts';
import type { Distribution } from './distribution.ts';
import { empiricalDistribution, empiricalSpecSchema } from './empirical.ts';
import { exponentialDistribution, exponentialSpecSchema } from './exponential.ts';
import { gammaDistribution, gammaSpecSchema } from './gamma.ts';
import { hyperexponentialDistribution, hyperexponentialSpecSchema } from './hyperexponential.ts';
import { logUniformDistribution, logUniformSpecSchema } from './log-uniform.ts';
import { uniformDistribution, uniformSpecSchema } from './uniform.ts';

/** Any distribution, as JSON: `{ "kind": "exponential", "mean": 600 }`. */
export const distributionSpecSchema = z.discriminatedUnion('kind', [
  constantSpecSchema,
  uniformSpecSchema,
  exponentialSpecSchema,
  hyperexponentialSpecSchema,
  logUniformSpecSchema,
  empiricalSpecSchema,
  gammaSpecSchema,
]);
/** A validated distribution spec of any kind, discriminated by `kind`. */
export type DistributionSpec = z.infer<typeof distributionSpecSchema>;

/** Build a distribution from its spec, validating it first (errors name the bad field). */
export function createDistribution(spec: DistributionSpec, owner = 'distribution'): Distribution {
  const valid = parseOptions(owner, distributionSpecSchema, spec);
  switch (valid.kind) {
    case 'constant':
      return constantDistribution(valid);
    case 'uniform':
      return uniformDistribution(valid);
    case 'exponential':
      return exponentialDistribution(valid);
    case 'hyper-exponential':
      return hyperexponentialDistribution(valid);
    case 'log-uniform':
      return logUniformDistribution(valid);
    case 'empirical':
      return empiricalDistribution(valid);
    case 'gamma':
      return gammaDistribution(valid);
  }
}
