import { checkRun } from '@js/core/testing';
import { modelWorkload } from '@js/workloads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zengSodanContention } from '../contention/zeng-sodan.ts';
import { scojoPectProfile } from '../scojo-pect/platform.ts';
import { fourNodes, holdsOnRandomWorkloads } from '../ssp/ssp.test-support.ts';
import { cst } from './cst.ts';
import { cstws } from './cstws.ts';
import { observed } from './glts.test-support.ts';
import { glts } from './glts.ts';
import { gltsNh } from './glts-nh.ts';
import type { GroupDecision } from './round.ts';

describe.each([glts, cst, cstws, gltsNh])(
  '$name on the zeng-sodan-multicore workload (4 nodes of 2 × 2 cores)',
  (discipline) => {
    it('at most two jobs per node, no core over-committed, every job finishes, no invariant broken', async () => {
      // Under either reading of Case 5 (all cores within MAX_SL, or for every job of four processes or more).
      await holdsOnRandomWorkloads(discipline, 2, 40, [{}, { allCores: 'any' }]);
    });
  },
);

describe('glts fairness with slackTest all-delayed (§4.5 step 6, formula 4) on random zeng-sodan-multicore workloads', () => {
  // What is checked: at each group start, for every job of the type whose predicted response the
  // group lengthens — waiting jobs by the conservative plan redone with the group in place,
  // members by the group's timeline, running members included — the new prediction (× 0.75, as
  // R_est is adjusted, §5.1) is within F_slack · R_est, R_est being 0.75 × the response planned at
  // the job's submission. Jobs the
  // group does not delay are not bound (they may already be past R_max through no fault of the
  // group). Real responses are not bound: swaps, estimates and later decisions move them.
  // Also: a job's processes on a node sit on different CPUs while they are no more than its CPUs
  // (§4.9), and groups do form.
  it('no group delays a job past F_slack · R_est; one process per CPU up to PPN 2', async () => {
    let groups = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 10, max: 40 }),
        fc.constantFrom(1.2, 1.5, 2),
        fc.constantFrom('formula-8', 'any'),
        async (seed, jobs, fSlack, allCores) => {
          const list = [...modelWorkload('zeng-sodan-multicore', { jobs, seed, processors: 4 }).jobs];
          const seen: GroupDecision[] = [];
          const spreadBroken: string[] = [];
          const run = await checkRun(observed('glts', seen), fourNodes, list, {
            profile: scojoPectProfile,
            options: { fSlack, slackTest: 'all-delayed', allCores },
            contention: zengSodanContention,
            knowledge: { runtimes: 'exact', speedup: true },
            placement: { maxJobsPerNode: 2 },
            observers: [
              {
                operation: (e) => {
                  if (e.operation !== 'start') return;
                  const perNode = new Map<number, number[]>();
                  for (const p of e.processors) perNode.set(p >> 2, [...(perNode.get(p >> 2) ?? []), p]);
                  for (const ps of perNode.values()) {
                    const cpus = new Set(ps.map((p) => p >> 1));
                    if (ps.length <= 2 && cpus.size !== ps.length) spreadBroken.push(`${e.job.id}: ${ps}`);
                  }
                },
              },
            ],
          });
          expect(run.violations).toEqual([]);
          expect(run.result.status).toBe('completed');
          expect(spreadBroken).toEqual([]);
          groups += seen.length;
          for (const d of seen)
            for (const p of d.predictions)
              if (p.after > p.before + 1e-6) expect(p.after).toBeLessThanOrEqual(fSlack * p.rEst + 1e-6);
        },
      ),
      { numRuns: 60 },
    );
    expect(groups).toBeGreaterThan(0);
  });
});

describe('glts fairness with slackTest pushed-past (§4.5 step 6: groups that "cause" a delay past R_max)', () => {
  /** The groups GLTS starts on a small zeng-sodan-multicore sequence (four nodes, load 2). */
  const decisions = async (
    seed: number,
    jobs: number,
    fSlack: number,
    slackTest: 'pushed-past' | 'all-delayed',
  ) => {
    const list = [...modelWorkload('zeng-sodan-multicore', { jobs, seed, processors: 4, load: 2 }).jobs];
    const seen: GroupDecision[] = [];
    const run = await checkRun(observed('glts', seen), fourNodes, list, {
      profile: scojoPectProfile,
      options: { fSlack, slackTest },
      contention: zengSodanContention,
      knowledge: { runtimes: 'exact', speedup: true },
      placement: { maxJobsPerNode: 2 },
    });
    expect(run.violations).toEqual([]);
    return seen;
  };
  /** Predictions a group lengthened, for jobs already past F_slack · R_est before it. */
  const delayedWhileLate = (seen: readonly GroupDecision[], fSlack: number) =>
    seen.flatMap((d) => d.predictions).filter((p) => p.after > p.before + 1e-6 && p.before > fSlack * p.rEst);

  // A job already predicted past R_max without the group does not block it; every job the group
  // delays that was predicted within R_max stays within it.
  it('no group pushes a job from within F_slack · R_est to past it', async () => {
    let groups = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 10, max: 40 }),
        // At F_slack 1 a job whose plan slipped since submission (swaps, short slices) is past R_max.
        fc.constantFrom(1, 1.2, 1.5),
        async (seed, jobs, fSlack) => {
          const seen = await decisions(seed, jobs, fSlack, 'pushed-past');
          groups += seen.length;
          for (const d of seen)
            for (const p of d.predictions)
              if (p.after > p.before + 1e-6 && p.before <= fSlack * p.rEst)
                expect(p.after).toBeLessThanOrEqual(fSlack * p.rEst + 1e-6);
        },
      ),
      { numRuns: 40 },
    );
    expect(groups).toBeGreaterThan(0);
  });

  it('a group that delays a job already past R_max starts (what all-delayed forbids): one sequence, fixed', async () => {
    // Seed 999984, 39 jobs, F_slack 1: a sequence the property above drew, kept so that the case
    // is always there (across random draws it appears in most runs of 40, not all).
    const [seed, jobs, fSlack] = [999_984, 39, 1];
    expect(
      delayedWhileLate(await decisions(seed, jobs, fSlack, 'pushed-past'), fSlack).length,
    ).toBeGreaterThan(0);
    expect(delayedWhileLate(await decisions(seed, jobs, fSlack, 'all-delayed'), fSlack)).toEqual([]);
  });
});
