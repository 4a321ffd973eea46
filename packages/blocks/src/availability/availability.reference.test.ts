import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LinearAvailabilityProfile } from './availability.test-support.ts';
import { AvailabilityProfile } from './availability.ts';

/**
 * The kept profile (typed arrays from a moving head, one-pass scans) against the plain one it
 * replaced: after any sequence of holds, give-backs, releases, advances and for-ever holds, both
 * answer every question alike. Small whole numbers make equal breakpoints, equal segments to join,
 * zero durations and full machines common.
 */
type Op =
  | { kind: 'take' | 'give'; start: number; duration: number; size: number; memory: number }
  | { kind: 'release'; start: number; end: number; size: number; memory: number }
  | { kind: 'advance'; by: number }
  | { kind: 'takeFree'; start: number; size: number; memory: number };

const amount = { size: fc.integer({ min: 0, max: 5 }), memory: fc.integer({ min: 0, max: 6 }) };
const arbitraryOp: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('take' as const, 'give' as const),
      start: fc.integer({ min: 0, max: 40 }),
      duration: fc.oneof(fc.integer({ min: 0, max: 15 }), fc.constant(Number.POSITIVE_INFINITY)),
      ...amount,
    }),
    weight: 8,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('release' as const),
      start: fc.integer({ min: 0, max: 40 }),
      end: fc.integer({ min: 0, max: 50 }),
      ...amount,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('advance' as const), by: fc.integer({ min: 0, max: 6 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('takeFree' as const),
      start: fc.integer({ min: 0, max: 40 }),
      ...amount,
    }),
    weight: 1,
  },
);

interface Question {
  start: number;
  duration: number;
  size: number;
  memory: number;
}
const arbitraryQuestion = fc.record({
  start: fc.integer({ min: 0, max: 50 }),
  duration: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(Number.POSITIVE_INFINITY)),
  ...amount,
});

type Profile = AvailabilityProfile | LinearAvailabilityProfile;

function apply(profile: Profile, op: Op, now: { t: number }): void {
  // Holds and releases start at the profile's start or later, as every caller's do.
  const from = (t: number) => now.t + t;
  if (op.kind === 'take') profile.take(from(op.start), op.duration, op.size, [op.memory]);
  else if (op.kind === 'give') profile.give(from(op.start), op.duration, op.size, [op.memory]);
  else if (op.kind === 'release') profile.release(from(op.start), from(op.end), op.size, [op.memory]);
  else if (op.kind === 'takeFree') profile.takeFree(from(op.start), op.size, [op.memory]);
  else if (op.kind === 'advance') profile.advance(now.t + op.by);
}

function answers(profile: Profile, questions: readonly Question[], now: number): unknown[] {
  return [
    profile.segments,
    ...questions.flatMap((q) => [
      profile.earliest(q.duration, q.size, [q.memory]),
      profile.fitsBefore(now + q.start, q.duration, q.size, [q.memory]),
      profile.fitsAt(now + q.start, q.duration, q.size, [q.memory]),
      profile.mostFree(now + q.start, now + q.start + q.duration),
      profile.fitsJustBefore(now + q.start, q.size, [q.memory]),
      profile.fitsSince(now + q.start, q.size, [q.memory], now + q.start - q.duration),
    ]),
  ];
}

describe('AvailabilityProfile against the plain linear profile', () => {
  it('answers every question alike after any sequence of changes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(arbitraryOp, fc.array(arbitraryQuestion, { maxLength: 3 })), { maxLength: 60 }),
        (steps) => {
          const kept = new AvailabilityProfile(5, [6]);
          const plain = new LinearAvailabilityProfile(5, [6]);
          kept.reset(0);
          plain.reset(0);
          const now = { t: 0 };
          for (const [op, questions] of steps) {
            apply(kept, op, now);
            apply(plain, op, now);
            if (op.kind === 'advance') now.t += op.by;
            expect(answers(kept, questions, now.t)).toEqual(answers(plain, questions, now.t));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers alike on a machine of processors only', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryOp, { maxLength: 80 }),
        fc.array(arbitraryQuestion, { maxLength: 8 }),
        (ops, questions) => {
          const kept = new AvailabilityProfile(5, []);
          const plain = new LinearAvailabilityProfile(5, []);
          kept.reset(3);
          plain.reset(3);
          const now = { t: 3 };
          for (const op of ops) {
            // Processors only: no resource amounts.
            const bare = op.kind === 'advance' ? op : { ...op, memory: 0 };
            for (const p of [kept, plain]) {
              if (bare.kind === 'advance') p.advance(now.t + bare.by);
              else if (bare.kind === 'take') p.take(now.t + bare.start, bare.duration, bare.size, []);
              else if (bare.kind === 'give') p.give(now.t + bare.start, bare.duration, bare.size, []);
              else if (bare.kind === 'release')
                p.release(now.t + bare.start, now.t + bare.end, bare.size, []);
              else p.takeFree(now.t + bare.start, bare.size, []);
            }
            if (op.kind === 'advance') now.t += op.by;
            const ask = (p: Profile) => [
              p.segments,
              ...questions.flatMap((q) => [
                p.earliest(q.duration, q.size, []),
                p.fitsBefore(now.t + q.start, q.duration, q.size, []),
              ]),
            ];
            expect(ask(kept)).toEqual(ask(plain));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
