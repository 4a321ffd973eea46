import type { Job } from '@js/core';
import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { conservative } from './conservative.ts';
import { easy } from './easy.ts';
import { fcfs } from './fcfs.ts';
import { fcfsFirstFit } from './fcfs-ff.ts';

const job = (id: number, submit: number, size: number, runtime: number, estimate = runtime): Job => ({
  id,
  submit,
  size,
  runtime,
  estimate,
});
const at = (id: number, start: number, end: number, processors: number) => ({ id, start, end, processors });

/**
 * 4 processors. Job 2 needs the whole machine and waits behind job 1 (until 10).
 * Job 3 (2 procs, 5 s) arrives at 1 and ends by 10: EASY backfills it, FCFS does not.
 * Job 4 (2 procs, 20 s) would end after 10 and the extra is 0: EASY holds it; first fit
 * starts it at 6 and starves job 2 until 26.
 */
const blockedHead = [job(1, 0, 2, 10), job(2, 0, 4, 5), job(3, 1, 2, 5), job(4, 2, 2, 20)];

/**
 * 4 processors. Head job 2 (2 procs) is reserved at 10 with 2 processors extra. Job 4 (1 proc,
 * 100 s) fits now and only in the extra: EASY starts it at 1 — which delays job 3, not the head.
 * Conservative gave job 3 a reservation at 10 first, so job 4 must wait until 20.
 */
const extraOnly = [job(1, 0, 3, 10), job(2, 0, 2, 10), job(3, 0, 2, 10), job(4, 1, 1, 100)];

/** 2 processors. Job 2 arrives the instant job 1 ends, tied with job 3: arrival order decides. */
const sameInstant = [job(1, 0, 2, 5), job(2, 5, 2, 5), job(3, 5, 1, 1)];

const cases = [
  {
    discipline: fcfs,
    blockedHead: [at(1, 0, 10, 2), at(2, 10, 15, 4), at(3, 15, 20, 2), at(4, 15, 35, 2)],
    extraOnly: [at(1, 0, 10, 3), at(2, 10, 20, 2), at(3, 10, 20, 2), at(4, 20, 120, 1)],
  },
  {
    discipline: fcfsFirstFit,
    blockedHead: [at(1, 0, 10, 2), at(2, 26, 31, 4), at(3, 1, 6, 2), at(4, 6, 26, 2)],
    extraOnly: [at(1, 0, 10, 3), at(2, 10, 20, 2), at(3, 20, 30, 2), at(4, 1, 101, 1)],
  },
  {
    discipline: easy,
    blockedHead: [at(1, 0, 10, 2), at(2, 10, 15, 4), at(3, 1, 6, 2), at(4, 15, 35, 2)],
    extraOnly: [at(1, 0, 10, 3), at(2, 10, 20, 2), at(3, 20, 30, 2), at(4, 1, 101, 1)],
  },
  {
    discipline: conservative,
    blockedHead: [at(1, 0, 10, 2), at(2, 10, 15, 4), at(3, 1, 6, 2), at(4, 15, 35, 2)],
    extraOnly: [at(1, 0, 10, 3), at(2, 10, 20, 2), at(3, 10, 20, 2), at(4, 20, 120, 1)],
  },
];

describe.each(cases)('$discipline.name: hand-checked schedules', (c) => {
  const machine = { nodes: 4 };
  it('blocked head and a short backfill candidate', async () => {
    const run = await checkRun(c.discipline, machine, blockedHead, { reservations: true });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual(c.blockedHead);
  });
  it('a backfill that fits only in the reservation’s spare processors', async () => {
    const run = await checkRun(c.discipline, machine, extraOnly, { reservations: true });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual(c.extraOnly);
  });
  it('an arrival at the instant of a departure, tied with another arrival', async () => {
    const run = await checkRun(c.discipline, { nodes: 2 }, sameInstant, { reservations: true });
    expect(run.schedule).toEqual([at(1, 0, 5, 2), at(2, 5, 10, 2), at(3, 10, 11, 1)]);
  });
});

describe('K resources', () => {
  // 8 processors, 10 GB memory. Job 1 holds 8 GB; job 2 needs 6 GB (head, reserved at 10 with
  // 4 GB and 6 processors spare). Job 3 fits on processors but not in memory; job 4 fits now
  // and in the extra (1 proc, 2 GB): EASY starts it.
  const machine = { nodes: 8, resources: [{ name: 'memory', capacity: 10 }] };
  const withMemory = (j: Job, memory: number): Job => ({ ...j, resources: { memory } });
  const jobs = [
    withMemory(job(1, 0, 1, 10), 8),
    withMemory(job(2, 0, 1, 10), 6),
    withMemory(job(3, 0, 1, 50), 4),
    withMemory(job(4, 0, 1, 50), 2),
  ];
  it('easy: the head waits for memory, not processors; a backfill uses only the spare memory', async () => {
    const run = await checkRun(easy, machine, jobs, { reservations: true });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 10, 1), at(2, 10, 20, 1), at(3, 20, 70, 1), at(4, 0, 50, 1)]);
  });
  it('conservative: job 3 is reserved before job 4 could take its memory', async () => {
    const run = await checkRun(conservative, machine, jobs, { reservations: true });
    expect(run.violations).toEqual([]);
    // Job 3 (4 GB) fits beside job 2 (6 GB) at 10; job 4 (2 GB) fits now beside job 1 (8 GB)
    // and beside jobs 2 + 3 later? 6 + 4 + 2 > 10, so it runs now only if it ends by 10 — it
    // does not, so it is reserved after job 2 at 20.
    expect(run.schedule).toEqual([at(1, 0, 10, 1), at(2, 10, 20, 1), at(3, 10, 60, 1), at(4, 20, 70, 1)]);
  });
});

describe('conservative: a reservation is honoured even when nothing else happens at its time', () => {
  // 4 processors. Job 1 ends at 10, far before its estimate (100): compression in arrival order
  // moves job 3 up to 50 while job 4 still holds its old slot [30, 50); then job 4 moves up to
  // start at 10 and ends at 30, exactly on its estimate. No event falls at 50, yet job 3 must
  // start then (found on the SDSC-SP2 trace).
  const jobs = [job(1, 0, 2, 30), job(2, 0, 2, 10, 100), job(3, 1, 4, 50), job(4, 2, 2, 20)];
  it('starts the job at its reservation', async () => {
    const run = await checkRun(conservative, { nodes: 4 }, jobs, { reservations: true });
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 30, 2), at(2, 0, 10, 2), at(3, 50, 100, 4), at(4, 10, 30, 2)]);
  });
});

describe('conservative: a job whose reservation an overrun broke keeps its rank', () => {
  // 2 processors. Job 1 (estimate 10) overruns to 20, so job 2's reservation at 10 cannot be kept.
  // Job 3 (1 proc), reserved after job 2 at 20, still fits there. Job 2 is placed again in its
  // turn, at 20, before later reservations go back: job 3 waits until 30. (Putting back job 3
  // first would start it at 20 and push job 2, which arrived before it, to 25.)
  const jobs = [job(1, 0, 2, 20, 10), job(2, 1, 2, 10), job(3, 2, 1, 5)];
  it('no later job delays it', async () => {
    const run = await checkRun(conservative, { nodes: 2 }, jobs);
    expect(run.violations).toEqual([]);
    expect(run.schedule).toEqual([at(1, 0, 20, 2), at(2, 20, 30, 2), at(3, 30, 35, 1)]);
  });
});

describe('unknown estimates (Infinity)', () => {
  const unknown = Number.POSITIVE_INFINITY;
  /** Reservations declared, by job id (a reservation at Infinity would be no promise at all). */
  const declared = async (d: typeof easy, machine: { nodes: number }, jobs: Job[]) => {
    const reservations: [number, number][] = [];
    const run = await checkRun(d, machine, jobs, {
      observers: [{ reserved: (j, at) => void reservations.push([j.id, at]) }],
    });
    return { run, reservations };
  };

  // 4 processors. Job 1 (3 procs) has no estimate; head job 2 needs the whole machine, so it can
  // start only when job 1 ends, at an unknown time. Job 3 (1 proc, 1000 s) fits now, but nothing
  // says it ends before job 1 does: starting it (as if it ended "by Infinity") would hold job 2
  // until 1001. Both wait; job 2 starts the instant job 1 leaves.
  const waitsForUnknown = [job(1, 0, 3, 100, unknown), job(2, 0, 4, 10), job(3, 1, 1, 1000)];
  it.each([easy, conservative])(
    '$name: no backfill can be known not to delay a head waiting on an unknown end',
    async (d) => {
      const { run, reservations } = await declared(d, { nodes: 4 }, waitsForUnknown);
      expect(run.violations).toEqual([]);
      expect(run.schedule).toEqual([at(1, 0, 100, 3), at(2, 100, 110, 4), at(3, 110, 1110, 1)]);
      expect(reservations.every(([, t]) => Number.isFinite(t))).toBe(true);
    },
  );

  // 4 processors. Head job 2 (3 procs) is reserved at 10 with 1 processor spare. Job 3 has no
  // estimate: it never ends by 10, but it fits in the spare processor, so it starts at once.
  const unknownInExtra = [job(1, 0, 2, 10), job(2, 0, 3, 10), job(3, 1, 1, 50, unknown)];
  it.each([easy, conservative])(
    '$name: a job without an estimate still backfills into spare processors',
    async (d) => {
      const run = await checkRun(d, { nodes: 4 }, unknownInExtra, { reservations: true });
      expect(run.violations).toEqual([]);
      expect(run.schedule).toEqual([at(1, 0, 10, 2), at(2, 10, 20, 3), at(3, 1, 51, 1)]);
    },
  );

  // 8 processors, 10 GB. Job 1 (8 GB) has no estimate; head job 2 (6 GB) waits for memory, not
  // processors. Job 3 needs no memory: it takes processors the head does not need and starts now.
  // Job 4 (1 GB) would take memory the head may need when job 1 ends: it waits.
  it.each([easy, conservative])(
    '$name: a head waiting on an unknown end leaves other resources usable',
    async (d) => {
      const machine = { nodes: 8, resources: [{ name: 'memory', capacity: 10 }] };
      const withMemory = (j: Job, memory: number): Job => ({ ...j, resources: { memory } });
      const jobs = [
        withMemory(job(1, 0, 1, 100, unknown), 8),
        withMemory(job(2, 0, 1, 10), 6),
        withMemory(job(3, 0, 2, 1000), 0),
        withMemory(job(4, 0, 1, 1000), 1),
      ];
      const run = await checkRun(d, machine, jobs);
      expect(run.violations).toEqual([]);
      expect(run.schedule).toEqual([
        at(1, 0, 100, 1),
        at(2, 100, 110, 1),
        at(3, 0, 1000, 2),
        at(4, 100, 1100, 1),
      ]);
    },
  );
});
