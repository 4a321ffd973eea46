import { describe, it } from 'vitest';
import { holdsOnRandomWorkloads } from './ssp.test-support.ts';
import { ssp } from './ssp.ts';

describe('ssp on the zeng-sodan-multicore workload (4 nodes of 2 × 2 cores)', () => {
  it('never two jobs on a node, no core over-committed, every job finishes, no invariant broken', async () => {
    await holdsOnRandomWorkloads(ssp, 1, 60);
  });
});
