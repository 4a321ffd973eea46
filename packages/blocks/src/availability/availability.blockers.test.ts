import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AvailabilityProfile } from './availability.ts';

/**
 * `blockers` proves that a job cannot move up; conservative backfilling then trusts
 * `stillBlocked` on that proof instead of `fitsBefore`. So: right after the proof it stands, and
 * after any later changes (holds taken and given back, holes released, time advanced) a proof that
 * still stands never hides a move that `fitsBefore` would make. Small whole numbers make equal
 * breakpoints, joins and full machines common; a resource makes "a resource is short" blockers.
 */
type Change =
  | { kind: 'take' | 'give'; start: number; duration: number; size: number; memory: number }
  | { kind: 'advance'; by: number };

const arbitraryChange: fc.Arbitrary<Change> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('take' as const, 'give' as const),
      start: fc.integer({ min: 0, max: 40 }),
      duration: fc.integer({ min: 1, max: 15 }),
      size: fc.integer({ min: 0, max: 4 }),
      memory: fc.integer({ min: 0, max: 5 }),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('advance' as const), by: fc.integer({ min: 0, max: 4 }) }),
    weight: 1,
  },
);

const arbitraryJob = fc.record({
  duration: fc.integer({ min: 1, max: 12 }),
  size: fc.integer({ min: 1, max: 5 }),
  memory: fc.integer({ min: 0, max: 6 }),
  // At its earliest fit (most often) a job can never move up; later, it sometimes can.
  later: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 })),
});

function apply(
  profile: AvailabilityProfile,
  c: Change,
  now: { t: number },
  limit: number,
  resources: boolean,
): void {
  const demand = resources && c.kind !== 'advance' ? [c.memory] : [];
  if (c.kind === 'advance') {
    // Never past the job's reservation: it would have started.
    now.t = Math.min(limit, now.t + c.by);
    profile.advance(now.t);
  } else if (c.kind === 'take') profile.take(now.t + c.start, c.duration, c.size, demand);
  else profile.give(now.t + c.start, c.duration, c.size, demand);
}

function check(resources: boolean) {
  return fc.property(
    fc.array(arbitraryChange, { maxLength: 12 }),
    arbitraryJob,
    fc.array(arbitraryChange, { maxLength: 20 }),
    (before, job, after) => {
      const profile = resources ? new AvailabilityProfile(5, [6]) : new AvailabilityProfile(5, []);
      profile.reset(0);
      const now = { t: 0 };
      for (const c of before) apply(profile, c, now, Number.POSITIVE_INFINITY, resources);
      const demand = resources ? [job.memory] : [];
      // The job holds a reservation somewhere at or after its earliest fit.
      const earliest = profile.earliest(job.duration, job.size, demand);
      if (earliest === Number.POSITIVE_INFINITY) return;
      const limit = earliest + job.later;
      if (!profile.fitsAt(limit, job.duration, job.size, demand)) return;
      profile.take(limit, job.duration, job.size, demand);
      if (profile.fitsBefore(limit, job.duration, job.size, demand)) return;
      const proof: number[] = [];
      profile.blockers(limit, job.duration, job.size, demand, proof);
      // Intervals in time order, from the profile's start, the last one reaching the reservation.
      for (let i = 0; i < proof.length; i += 2) {
        expect(proof[i]!).toBeLessThan(proof[i + 1]!);
        if (i > 0) expect(proof[i]!).toBeGreaterThanOrEqual(proof[i - 1]!);
      }
      if (limit > now.t) expect(proof.at(-1)).toBe(limit);
      // The cover: every window start before the reservation meets an interval within the
      // job's duration (whole-number times, so whole-number starts are all there are).
      for (let t = now.t; t < limit; t++) {
        const met = proof.some((_, i) => i % 2 === 0 && proof[i]! < t + job.duration && proof[i + 1]! > t);
        expect(met).toBe(true);
      }
      expect(profile.stillBlocked(proof, job.size, demand)).toBe(true);
      for (const c of after) {
        apply(profile, c, now, limit, resources);
        if (profile.stillBlocked(proof, job.size, demand))
          expect(profile.fitsBefore(limit, job.duration, job.size, demand)).toBe(false);
      }
    },
  );
}

describe('AvailabilityProfile.blockers', () => {
  it('gives a proof that stands at once and never hides a move fitsBefore would make', () => {
    fc.assert(check(true), { numRuns: 600 });
  });

  it('does so on a machine of processors only', () => {
    fc.assert(check(false), { numRuns: 600 });
  });
});
