import { arbScenario, checkRun } from '@js/core/testing';
import { modelWorkload } from '@js/workloads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { at, diskLeastUsed, job, memoryAndDisk } from './balanced.test-support.ts';
import { easy } from './easy.ts';
import { easyBb, easyBl } from './easy-balanced.ts';

/**
 * The hand-checked cases count processors as a third resource (`processors: true`; by default
 * only the named resources count), and were worked out under the fullness modifier's 'score'
 * reading (cost × A; fullness.test.ts checks the default 'imbalance' reading against it): `easy`
 * takes no options.
 */
const score = { fullness: 'score' } as const;
const counted = (d: typeof easy, options: Record<string, unknown> = {}) =>
  d === easy ? {} : { options: { processors: true, ...score, ...options } };

/** 10 processors, 10 GB memory, 10 TB disk: each unit is a tenth of its resource. */
const machine = memoryAndDisk(10);

/**
 * Job 1 (6 procs, 6 memory, 2 disk) runs until 10: U = (memory .6, disk .2, procs .6), disk the
 * least utilised. Head job 2 needs 8 memory: reserved at 10. Jobs 3–5 end by 10 and fit now,
 * but any one of them shuts the others out (processors or disk). With S = U + R:
 *
 *   job  R (mem, disk, procs)  S               Σ/3    BB cost  avail A  BB score  BL (largest)
 *   3    .4, 0, .4             1.0, .2, 1.0    .733   1.364    .267     .364      mem/procs: 2A = .533
 *   4    0, .8, .1             .6, 1.0, .7     .767   1.304    .233     .304      disk: 1A = .233
 *   5    .3, .3, .4            .9, .5, 1.0     .8     1.25     .2       .25       procs: 2A = .4
 *
 * First fit takes job 3, BL job 4 (the only match), BB job 5. At 5 the same U holds for the
 * two left: BL prefers 5 (.4 < .533) and BB prefers 4 (.304 < .364); the third waits behind the
 * head (it needs memory the head holds) until 20.
 */
const threeWays = [
  job(1, 6, 10, 6, 2),
  job(2, 2, 10, 8, 0),
  job(3, 4, 5, 4, 0),
  job(4, 1, 5, 0, 8),
  job(5, 4, 5, 3, 3),
];

describe('easy-bl and easy-bb: which candidate backfills first', () => {
  it('first fit, BL and BB each pick a different job; the head starts at 10 under all three', async () => {
    const runs = await Promise.all(
      [easy, easyBl, easyBb].map((d) =>
        checkRun(d, machine, threeWays, { reservations: true, ...counted(d) }),
      ),
    );
    for (const run of runs) expect(run.violations).toEqual([]);
    const [ff, bl, bb] = runs.map((r) => r.schedule);
    expect(ff).toEqual([
      at(1, 0, 10, 6),
      at(2, 10, 20, 2),
      at(3, 0, 5, 4),
      at(4, 5, 10, 1),
      at(5, 20, 25, 4),
    ]);
    expect(bl).toEqual([
      at(1, 0, 10, 6),
      at(2, 10, 20, 2),
      at(3, 20, 25, 4),
      at(4, 0, 5, 1),
      at(5, 5, 10, 4),
    ]);
    expect(bb).toEqual([
      at(1, 0, 10, 6),
      at(2, 10, 20, 2),
      at(3, 20, 25, 4),
      at(4, 5, 10, 1),
      at(5, 0, 5, 4),
    ]);
  });

  it('BL window 2: job 5 matches too (procs and disk are two least utilised, memory and procs tied), and is fuller', async () => {
    // w = 2: the two least utilised are disk and one of memory/procs (tied at .6). Job 5's two
    // largest are procs (.4) and one of memory/disk (tied at .3): {disk, procs} fits both. Job 4's
    // are disk and procs: a match. Job 3's are memory and procs: disk missing. Scores: job 5
    // 1 × .2, job 4 1 × .233, job 3 2 × .267: job 5, then job 4 — the BB schedule.
    const run = await checkRun(easyBl, machine, threeWays, {
      reservations: true,
      ...counted(easyBl, { window: 2 }),
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 6),
      at(2, 10, 20, 2),
      at(3, 20, 25, 4),
      at(4, 5, 10, 1),
      at(5, 0, 5, 4),
    ]);
  });

  it("by default only memory and disk count, and BB (under 'score') then picks job 4", async () => {
    // U = (.6, .2). Job 3: S = (1.0, .2), cost 1.0 / .6 = 1.667, A = .4: .667. Job 4: S = (.6,
    // 1.0), 1.0 / .8 = 1.25, A = .2: .25. Job 5: S = (.9, .5), .9 / .7 = 1.286, A = .3: .386.
    // Job 4 first, then 5 (.386 < .667).
    const run = await checkRun(easyBb, machine, threeWays, { reservations: true, options: score });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 6),
      at(2, 10, 20, 2),
      at(3, 20, 25, 4),
      at(4, 0, 5, 1),
      at(5, 5, 10, 4),
    ]);
  });

  it('strict BL backfills only jobs that match: after job 4, jobs 3 and 5 wait behind the head', async () => {
    // At 5 the least utilised is disk again; neither job 3 (memory/procs) nor job 5 (procs)
    // has it as its largest requirement. At 10 the head starts and job 3 becomes the head
    // (memory: 8 + 4 > 10); at 20 both fit and start in queue order.
    const run = await checkRun(easyBl, machine, threeWays, {
      reservations: true,
      ...counted(easyBl, { strict: true }),
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 6),
      at(2, 10, 20, 2),
      at(3, 20, 25, 4),
      at(4, 0, 5, 1),
      at(5, 20, 25, 4),
    ]);
  });

  it('a window of K or more is refused: it would match every job', async () => {
    await expect(checkRun(easyBl, machine, threeWays, counted(easyBl, { window: 3 }))).rejects.toThrow(
      /window = 3: must be at most K − 1 = 2.*memory, disk, processors/,
    );
  });
});

describe('the fullness modifier', () => {
  /**
   * Job 1 (5 procs, 5 memory, 5 disk) runs until 10: U = (.5, .5, .5), balanced. Head job 2
   * needs 8 memory: reserved at 10. Three candidates end by 10, and any one shuts out the others
   * (processors):
   *
   *   job  R (mem, disk, procs)  S                 BB cost   avail A   cost × A
   *   3    .1, 0, .5             .6, .5, 1.0       1.429     .3        .429
   *   4    .1, .1, .1            .6, .6, .6        1         .4        .4
   *   5    .4, .5, .5            .9, 1.0, 1.0      1.034     .033      .034
   *
   * Without the modifier the perfectly balanced small job 4 wins; with it, job 5, which nearly
   * fills the machine, wins despite its worse balance. First fit would take job 3.
   */
  const jobs = [
    job(1, 5, 10, 5, 5),
    job(2, 1, 10, 8, 0),
    job(3, 5, 5, 1, 0),
    job(4, 1, 5, 1, 1),
    job(5, 5, 5, 4, 5),
  ];

  it('without it, BB starts the better-balanced small job first', async () => {
    // At 5 job 5 (1.034) beats job 3 (1.429); job 3 starts beside the head at 10.
    const run = await checkRun(easyBb, machine, jobs, {
      reservations: true,
      ...counted(easyBb, { fullness: false }),
    });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 5),
      at(2, 10, 20, 1),
      at(3, 10, 15, 5),
      at(4, 0, 5, 1),
      at(5, 5, 10, 5),
    ]);
  });

  it('with it, BB starts the larger job that nearly fills the machine first', async () => {
    // At 5 job 4 (.4) beats job 3 (.429).
    const run = await checkRun(easyBb, machine, jobs, { reservations: true, ...counted(easyBb) });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 5),
      at(2, 10, 20, 1),
      at(3, 10, 15, 5),
      at(4, 5, 10, 1),
      at(5, 0, 5, 5),
    ]);
  });
});

describe('the head’s reservation', () => {
  /**
   * Job 1 (5 procs, 5 memory, 5 disk) runs until 10; head job 2 (5 procs, 8 memory) is reserved
   * at 10 with extra 5 procs, 2 memory, 10 disk. Job 3 would fill the machine exactly (A = 0:
   * the best score there is) but runs 100 s and does not fit in the extra: it may not start.
   * Jobs 4 and 5 run 100 s too but fit in the extra — not both: whichever starts takes memory
   * from the extra, and the other, though it still fits now, may not start. Job 6 ends by 10.
   * With U = (.5, .5, .5):
   *
   *   job  R (mem, disk, procs)  S                 BB cost   A      BB score
   *   4    .1, .2, .1            .6, .7, .6        1.105     .367   .405
   *   5    .2, .2, .1            .7, .7, .6        1.05      .333   .35
   *   6    .2, 0, .2             .7, .5, .7        1.105     .367   .405
   *
   * BB takes job 5 into the extra, then job 6; first fit takes job 4, then job 6. BL sees every
   * resource tied as least utilised, so every job matches and the score is A: job 5 too. The
   * job left out of the extra starts only beside job 3, at 20, after the head.
   */
  const jobs = [
    job(1, 5, 10, 5, 5),
    job(2, 5, 10, 8, 0),
    job(3, 5, 100, 5, 5),
    job(4, 1, 100, 1, 2),
    job(5, 1, 100, 2, 2),
    job(6, 2, 5, 2, 0),
  ];
  const head = [at(1, 0, 10, 5), at(2, 10, 20, 5), at(3, 20, 120, 5)];
  const balanced = [...head, at(4, 20, 120, 1), at(5, 0, 100, 1), at(6, 0, 5, 2)];

  it.each([
    { d: easy, expected: [...head, at(4, 0, 100, 1), at(5, 20, 120, 1), at(6, 0, 5, 2)] },
    { d: easyBl, expected: balanced },
    { d: easyBb, expected: balanced },
  ])(
    '$d.name: the best-scored job never jumps the head, and the extra is taken once',
    async ({ d, expected }) => {
      const run = await checkRun(d, machine, jobs, { reservations: true, ...counted(d) });
      expect(run.violations).toEqual([]);
      expect(run.schedule).toEqual(expected);
    },
  );
});

describe('scoring details', () => {
  it('BL reads the utilisation again after each start', async () => {
    // Job 1 (4 procs, 4 memory, 2 disk) runs until 10: U = (.4, .2, .4), disk least utilised;
    // head job 2 (8 memory) is reserved at 10. Candidates, all ending by 10, A = 1 − ΣS/3:
    //   job 3: R (.2, .3, .1), largest disk: match,    A = .467, score .467
    //   job 4: R (.5, 0, .1),  largest mem:  mismatch, A = .467, score .933
    //   job 5: R (0, .5, .2),  largest disk: match,    A = .433, score .433  → starts first
    // Then U = (.4, .7, .6): memory is least utilised, and job 4 matches (A = .233, score .233)
    // while job 3 no longer does (2 × .233): job 4 starts; job 3 (memory: 5 + 2 > 6) waits
    // until 5. Scored on the old U, job 3 would have started instead. First fit takes 3 and 5.
    const jobs = diskLeastUsed;
    const run = await checkRun(easyBl, machine, jobs, { reservations: true, ...counted(easyBl) });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 4),
      at(2, 10, 20, 1),
      at(3, 5, 10, 1),
      at(4, 0, 5, 1),
      at(5, 0, 5, 2),
    ]);
  });

  it('scores equal but for rounding tie, and the earlier job wins', async () => {
    // Job 1 (5 procs, 1 memory, 1 disk) runs until 10: U = (.1, .1, .5), memory and disk tied
    // least utilised. Head job 2 needs 6 procs: reserved at 10. Jobs 3 (1 memory, 9 disk) and 4
    // (2, 8) both match BL (largest: disk) and both leave A = 1 − 1.8 / 3 = .4, which floating
    // point makes .4 and .39999999999999991: BL takes job 3, the earlier. Only one fits (disk).
    // BB scores them 1.0 / .6 × .4 = .667 and .9 / .6 × .4 = .6: it takes job 4.
    const jobs = [job(1, 5, 10, 1, 1), job(2, 6, 10, 0, 0), job(3, 1, 5, 1, 9), job(4, 1, 5, 2, 8)];
    const bl = await checkRun(easyBl, machine, jobs, { reservations: true, ...counted(easyBl) });
    const bb = await checkRun(easyBb, machine, jobs, { reservations: true, ...counted(easyBb) });
    expect([...bl.violations, ...bb.violations]).toEqual([]);
    const head = [at(1, 0, 10, 5), at(2, 10, 20, 6)];
    expect(bl.schedule).toEqual([...head, at(3, 0, 5, 1), at(4, 5, 10, 1)]);
    expect(bb.schedule).toEqual([...head, at(3, 5, 10, 1), at(4, 0, 5, 1)]);
  });
});

describe('a machine with processors only', () => {
  /**
   * 10 processors. Job 1 (6) runs until 10; head job 2 (8) is reserved at 10. Jobs 3, 4, 5
   * (1, 3, 4 processors) end by 10. With K = 1 every BB cost is 1 and every job matches BL, so
   * the score is the availability left: job 5 fills the machine (A = 0) and starts alone; at 5,
   * job 4 (A = .1) and then job 3 (A = 0) fill it again. First fit starts 3 and 4 at 0, 5 at 5.
   */
  const jobs = [
    { id: 1, submit: 0, size: 6, runtime: 10, estimate: 10 },
    { id: 2, submit: 0, size: 8, runtime: 10, estimate: 10 },
    { id: 3, submit: 0, size: 1, runtime: 5, estimate: 5 },
    { id: 4, submit: 0, size: 3, runtime: 5, estimate: 5 },
    { id: 5, submit: 0, size: 4, runtime: 5, estimate: 5 },
  ];
  it.each([easyBl, easyBb])("$name under 'score' fills the processors fullest first", async (d) => {
    const run = await checkRun(d, { nodes: 10 }, jobs, { reservations: true, options: score });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([
      at(1, 0, 10, 6),
      at(2, 10, 20, 8),
      at(3, 5, 10, 1),
      at(4, 5, 10, 3),
      at(5, 0, 5, 4),
    ]);
  });

  // On processors only (K = 1) every cost is 1: without the modifier every score ties, and under
  // 'imbalance' every score is 1, so either way queue order decides, as in EASY.
  it.each([
    { d: easyBl, fullness: false, runs: 200 },
    { d: easyBb, fullness: false, runs: 200 },
    { d: easyBl, fullness: 'imbalance', runs: 100 },
    { d: easyBb, fullness: 'imbalance', runs: 100 },
  ] as const)(
    '$d.name with fullness $fullness is EASY job for job on processors only',
    async ({ d, fullness, runs }) => {
      await fc.assert(
        fc.asyncProperty(
          arbScenario({ maxProcessors: 16, maxResources: 0 }, { maxJobs: 30, estimates: 'unknown-some' }),
          async (s) => {
            const ff = await checkRun(easy, s.machine, s.jobs);
            const run = await checkRun(d, s.machine, s.jobs, { options: { fullness } });
            expect(run.schedule).toEqual(ff.schedule);
          },
        ),
        { numRuns: runs },
      );
    },
  );
});

describe('on a k-resource workload (Leinberger et al. §3.1)', () => {
  it.each([easyBl, easyBb])(
    '$name keeps every invariant and reservation, and its choices differ from first fit',
    async (d) => {
      const w = modelWorkload('k-resource', {
        options: { k: 4, distribution: 'exponential' },
        jobs: 2000,
        seed: 3,
        load: 0.95,
      });
      const jobs = [...w.jobs];
      const spec = { nodes: w.processors, resources: w.resources };
      const settings = { knowledge: { runtimes: 'exact' as const }, reservations: true };
      const ff = await checkRun(easy, spec, jobs, settings);
      const run = await checkRun(d, spec, jobs, settings);
      expect(run.violations).toEqual([]);
      expect(run.schedule).toHaveLength(jobs.length);
      const moved = run.schedule.filter((s, i) => s.start !== ff.schedule[i]!.start);
      expect(moved.length).toBeGreaterThan(jobs.length / 10);
    },
  );
});
