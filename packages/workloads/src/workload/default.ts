import type { SyntheticSpec } from '../synthetic/spec.ts';

/**
 * The workload a new user gets without naming one: big enough, loaded enough and variable
 * enough that disciplines differ visibly (FCFS queues up, backfilling wins), yet quick to run.
 * Sizes are log-uniform on [1, 128] rounded (many small jobs, some machine-wide ones); runtimes
 * are hyper-exponential with mean 30 min and CV 3 (a few long jobs dominate, as in real logs);
 * estimates are exact, so differences come from the disciplines, not from estimate noise.
 */
export const defaultWorkload: SyntheticSpec = {
  kind: 'synthetic',
  name: 'default',
  jobs: 5000,
  processors: 128,
  load: 0.85,
  sizes: { kind: 'log-uniform', min: 1, max: 128 },
  runtimes: { kind: 'hyper-exponential', mean: 1800, cv: 3 },
  estimates: { kind: 'constant', value: 1 },
};
