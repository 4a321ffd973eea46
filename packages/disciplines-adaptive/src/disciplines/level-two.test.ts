import { arbScenario, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knowsT, sevcikJob } from './adaptive.test-support.ts';
import { aep1 } from './aep-1.ts';
import { aep2 } from './aep-2.ts';
import { ap1 } from './ap1.ts';
import { ap12 } from './ap1-2.ts';
import { asp } from './asp.ts';
import { asp1 } from './asp-1.ts';
import { asp2 } from './asp-2.ts';
import { rtcSdf } from './rtc-sdf.ts';

describe('DIF: the rule picks the jobs, marginal gains share their processors', () => {
  // 8 processors, four jobs at 0 with T(p) = W/p + 1 (α = 1 does not change a gain), p_max 8,
  // W = 2, 4, 6, 24. AEP's target 8 / 4 = 2 activates all four on 8 processors.
  const four = [2, 4, 6, 24].map((W, i) => sevcikJob(i + 1, 0, W, 8, 1));

  it('AEP(1) gives each the target', async () => {
    const run = await checkRun(aep1, { nodes: 8 }, four, knowsT);
    expect(run.schedule.map((s) => [s.processors, s.end])).toEqual([
      [2, 2],
      [2, 3],
      [2, 4],
      [2, 13],
    ]);
  });

  it('AEP(2) gives each one, then each processor to the largest T(p) − T(p+1), ties to the earlier', async () => {
    // Gains at 1: 1, 2, 3, 12. W = 24 takes 2 (gain 12, then 4); W = 6 takes 1 (3); the last
    // ties at 2 between W = 4 and W = 24 (24/3 − 24/4 = 2): SDF order puts W = 4 first.
    const run = await checkRun(aep2, { nodes: 8 }, four, knowsT);
    expect(run.violations).toEqual([]);
    expect(run.schedule.map((s) => [s.processors, s.end])).toEqual([
      [1, 3],
      [2, 3],
      [2, 4],
      [3, 9],
    ]);
  });

  it('DIF keeps the jobs and the processors the rule granted: AEP leaves the same ones waiting', async () => {
    // J1 (p_max 2) runs on 2 from 0; at 1 three jobs wait, four in the system: target 2, so AEP
    // grants J2, J3, J4 two each. DIF keeps those 6 among the same jobs, 1 each and the other 3
    // to J3 (gains 15, 5, 2.5 against J4's 2 and J2's 1).
    const jobs = [
      sevcikJob(1, 0, 100, 2),
      sevcikJob(2, 1, 2, 8),
      sevcikJob(3, 1, 30, 8),
      sevcikJob(4, 1, 4, 8),
    ];
    const one = await checkRun(aep1, { nodes: 8 }, jobs, knowsT);
    const two = await checkRun(aep2, { nodes: 8 }, jobs, knowsT);
    expect(one.schedule.map((s) => s.processors)).toEqual([2, 2, 2, 2]);
    expect(two.schedule.map((s) => s.processors)).toEqual([2, 1, 4, 1]);
    expect(two.schedule.map((s) => s.start)).toEqual([0, 1, 1, 1]);
  });

  it('AP1(2) and ASP(2) activate as AP1 and ASP do', async () => {
    // 8 processors, three jobs at 0 (SDF order W = 2, 6, 24): AP1's target 3 activates all three
    // on 3, 3, 2; ASP on 3, 3, 2 as well. DIF: 1 each, then 24 (12), 24 (4), 6 (3), 24 (2), 24 (1.2).
    const three = [2, 6, 24].map((W, i) => sevcikJob(i + 1, 0, W, 8));
    for (const d of [ap12, asp2]) {
      const run = await checkRun(d, { nodes: 8 }, three, knowsT);
      expect(run.schedule.map((s) => s.processors)).toEqual([1, 2, 5]);
    }
  });
});

describe('without the knowledge a level needs, a policy falls back to the level below', () => {
  const scenario = arbScenario({ maxProcessors: 16, maxResources: 1 }, { maxJobs: 15, malleable: true });

  it('no demand: ASP(2) and ASP(1) schedule as ASP; no speedup: ASP(2) as ASP(1)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const base = (await checkRun(asp, s.machine, s.jobs)).schedule;
        expect((await checkRun(asp1, s.machine, s.jobs)).schedule).toEqual(base);
        expect((await checkRun(asp2, s.machine, s.jobs, { knowledge: { speedup: true } })).schedule).toEqual(
          base,
        );
        const demand = { knowledge: { demand: true } };
        expect((await checkRun(asp2, s.machine, s.jobs, demand)).schedule).toEqual(
          (await checkRun(asp1, s.machine, s.jobs, demand)).schedule,
        );
      }),
      { numRuns: 100 },
    );
  });

  it('AP1(2) without any knowledge is AP1', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        expect((await checkRun(ap12, s.machine, s.jobs)).schedule).toEqual(
          (await checkRun(ap1, s.machine, s.jobs)).schedule,
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe('RTC-SDF', () => {
  it('is ASP with SDF and DIF (§3.4): the same schedule as ASP(2)', async () => {
    const job = fc.record({
      gap: fc.integer({ min: 0, max: 5 }),
      W: fc.integer({ min: 1, max: 100 }),
      pMax: fc.constantFrom(4, 16, 64),
      mu: fc.constantFrom(0.2, 0.4, Number.POSITIVE_INFINITY),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(job, { minLength: 1, maxLength: 30 }), async (rows) => {
        let t = 0;
        const jobs = rows.map((r, i) => {
          t += r.gap;
          const c = 1 / (r.pMax * r.pMax);
          return sevcikJob(i + 1, t, r.W, r.pMax, r.W * c ** r.mu, r.W * c);
        });
        const machine = { nodes: 16 };
        expect((await checkRun(rtcSdf, machine, jobs, knowsT)).schedule).toEqual(
          (await checkRun(asp2, machine, jobs, knowsT)).schedule,
        );
      }),
      { numRuns: 100 },
    );
  });
});
