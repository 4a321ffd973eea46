import type { RandomStream } from '@js/core';
import type { Distribution } from '../../distributions/distribution.ts';
import { empiricalDistribution } from '../../distributions/empirical.ts';
import { slowdownRangeEdges } from './table4.ts';

/** A slowdown law from a Table 4 column: a range drawn by its share, then a uniform value inside it. */
export interface SlowdownLaw {
  sample(stream: RandomStream): number;
}

export function slowdownLaw(percentages: readonly number[]): SlowdownLaw {
  const ranges: Distribution = empiricalDistribution({
    kind: 'empirical',
    values: percentages.map((_, i) => i),
    weights: [...percentages],
  });
  return {
    sample(stream) {
      const i = ranges.sample(stream);
      const low = slowdownRangeEdges[i]!;
      return low + stream.next() * (slowdownRangeEdges[i + 1]! - low);
    },
  };
}
