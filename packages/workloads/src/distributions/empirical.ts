import * as z from 'zod';
import type { Distribution } from './distribution.ts';

/** A discrete distribution over observed values as JSON, with optional relative weights (one per value). */
export const empiricalSpecSchema = z
  .strictObject({
    kind: z.literal('empirical'),
    values: z.array(z.number()).min(1),
    /** Relative weights, one per value; default: all equal. */
    weights: z.array(z.number().nonnegative()).optional(),
  })
  .refine((s) => s.weights === undefined || s.weights.length === s.values.length, {
    message: 'weights must have one entry per value',
    path: ['weights'],
  })
  .refine((s) => s.weights === undefined || s.weights.some((w) => w > 0), {
    message: 'at least one weight must be positive',
    path: ['weights'],
  });
/** A validated empirical-distribution spec. */
export type EmpiricalSpec = z.infer<typeof empiricalSpecSchema>;

/** One of `values`, with probability proportional to its weight. */
export function empiricalDistribution({ values, weights }: EmpiricalSpec): Distribution {
  const n = values.length;
  const cumulative = new Float64Array(n);
  let total = 0;
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < n; i++) {
    const w = weights?.[i] ?? 1;
    const v = values[i]!;
    total += w;
    cumulative[i] = total;
    sum += w * v;
    sumSquares += w * v * v;
  }
  const mean = sum / total;
  // Sorted copy for P(X < x) by binary search (sizes need it once per processor count).
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const sortedValues = order.map((i) => values[i]!);
  const sortedCumulative: number[] = [];
  let running = 0;
  for (const i of order) sortedCumulative.push((running += weights?.[i] ?? 1));
  return {
    kind: 'empirical',
    mean,
    variance: Math.max(0, sumSquares / total - mean * mean),
    probabilityBelow: (x) => {
      // Count of sorted values < x.
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sortedValues[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      return lo === 0 ? 0 : sortedCumulative[lo - 1]! / total;
    },
    sample: (stream) => {
      // First index whose cumulative weight exceeds the draw (zero-weight values are never picked).
      const target = stream.next() * total;
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (cumulative[mid]! > target) hi = mid;
        else lo = mid + 1;
      }
      return values[lo]!;
    },
  };
}
