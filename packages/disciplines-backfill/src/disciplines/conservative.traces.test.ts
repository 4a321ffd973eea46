import { fileURLToPath } from 'node:url';
import { type Job, simulate } from '@js/core';
import { InvariantChecker } from '@js/core/testing';
import { Machine } from '@js/machine';
import { openWorkload } from '@js/workloads';
import { describe, expect, it } from 'vitest';
import { conservative } from './conservative.ts';

const trace = (name: string) =>
  fileURLToPath(new URL(`../../../../../shared/traces/${name}`, import.meta.url));

/**
 * Conservative backfilling on real traces (runtimes clipped to the request, so estimates are
 * upper bounds): every job is reserved the instant it arrives, no reservation ever moves later,
 * every job starts by its first reservation, and no resource is ever over-committed.
 */
describe.each(['KTH-SP2-1996-2.1-cln.swf.gz', 'SDSC-SP2-1998-4.2-cln.swf.gz'])(
  'conservative on %s',
  (file) => {
    it('reserves every job on arrival and never delays a reservation', async () => {
      const workload = await openWorkload(trace(file));
      const jobs: Job[] = [];
      for await (const job of workload.jobs) jobs.push(job);
      const checker = new InvariantChecker({ reservations: true });
      const firstReservation = new Map<number, { at: number; madeAt: number }>();
      await simulate(jobs, {
        machine: Machine.flat(workload.processors),
        discipline: conservative,
        observers: [
          checker,
          {
            reserved: (job, at, now) =>
              firstReservation.has(job.id) || firstReservation.set(job.id, { at, madeAt: now }),
          },
        ],
      });
      expect(checker.violations.slice(0, 5)).toEqual([]);
      expect(checker.outcomes).toHaveLength(jobs.length);
      const started = new Map(checker.outcomes.map((o) => [o.job.id, o.start]));
      const late = jobs.filter((j) => {
        const r = firstReservation.get(j.id);
        // A job that starts at its arrival may not be reserved first; any other must be, on arrival.
        return r ? r.madeAt !== j.submit || started.get(j.id)! > r.at : started.get(j.id) !== j.submit;
      });
      expect(late.slice(0, 5).map((j) => j.id)).toEqual([]);
      // Not a trivial trace: many jobs wait, and many start before their first reservation.
      const early = jobs.filter((j) => (firstReservation.get(j.id)?.at ?? -1) > started.get(j.id)!);
      expect(early.length).toBeGreaterThan(jobs.length / 50);
    });
  },
);
