/**
 * The stream names a synthetic workload draws from, one per purpose, so a change to one law
 * moves no other draw. Moldable jobs add those of `speedupStreamNames` for their speedup's
 * parameters.
 */
export const syntheticStreamNames = {
  arrivals: 'arrivals',
  sizes: 'sizes',
  runtimes: 'runtimes',
  estimates: 'estimates',
  work: 'work',
  minParallelism: 'min-parallelism',
  maxParallelism: 'max-parallelism',
} as const;
