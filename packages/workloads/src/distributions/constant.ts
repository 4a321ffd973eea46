import * as z from 'zod';
import type { Distribution } from './distribution.ts';

/** A degenerate distribution as JSON: `{ "kind": "constant", "value": 64 }`. */
export const constantSpecSchema = z.strictObject({
  kind: z.literal('constant'),
  value: z.number(),
});
/** A validated constant-distribution spec. */
export type ConstantSpec = z.infer<typeof constantSpecSchema>;

/** Always `value`; draws nothing, so it leaves its stream untouched. */
export const constantDistribution = ({ value }: ConstantSpec): Distribution => ({
  kind: 'constant',
  mean: value,
  variance: 0,
  probabilityBelow: (x) => (value < x ? 1 : 0),
  sample: () => value,
});
