import { builtinProfiles } from '@js/core';
import { checkRun } from '@js/core/testing';
import { modelWorkload } from '@js/workloads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zengSodanContention } from '../contention/zeng-sodan.ts';
import { scojoPectProfile } from '../scojo-pect/platform.ts';
import { ssp } from './ssp.ts';

describe('ssp on the zeng-sodan-multicore workload (4 nodes of 2 × 2 cores)', () => {
  it('never two jobs on a node, no core over-committed, every job finishes, no invariant broken', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 5, max: 30 }),
        fc.constantFrom(scojoPectProfile, builtinProfiles[0]!),
        fc.boolean(),
        async (seed, jobs, profile, exact) => {
          const w = modelWorkload('zeng-sodan-multicore', { jobs, seed, processors: 4 });
          const list = [...w.jobs];
          // The engine refuses a start or resume that puts two jobs on a node (maxJobsPerNode 1),
          // and the checker re-derives per-core occupancy and the placement rule from the events.
          const run = await checkRun(ssp, { nodes: 4, cpusPerNode: 2, coresPerCpu: 2 }, list, {
            profile,
            contention: zengSodanContention,
            knowledge: exact ? { runtimes: 'exact', speedup: true } : {},
            placement: { maxJobsPerNode: 1 },
          });
          expect(run.violations).toEqual([]);
          expect(run.result.status).toBe('completed');
          expect(run.schedule).toHaveLength(list.length);
        },
      ),
      { numRuns: 60 },
    );
  });
});
