import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AvailabilityProfile } from './availability.ts';
import { EarliestScan } from './earliest-scan.ts';

/** A profile of 8 processors and one resource of capacity 10, with `holds` taken from time 0. */
function profileWith(holds: readonly Hold[]): AvailabilityProfile {
  const profile = new AvailabilityProfile(8, [10]);
  profile.reset(0);
  for (const h of holds) profile.take(h.start, h.duration, h.size, [h.memory]);
  return profile;
}
interface Hold {
  start: number;
  duration: number;
  size: number;
  memory: number;
}
const arbitraryHold = fc.record({
  start: fc.integer({ min: 0, max: 30 }),
  duration: fc.integer({ min: 1, max: 15 }),
  size: fc.integer({ min: 1, max: 4 }),
  memory: fc.integer({ min: 0, max: 5 }),
});

describe('AvailabilityProfile', () => {
  it('fitsBefore says exactly whether giving a hold back would let it start earlier', () => {
    fc.assert(
      fc.property(fc.array(arbitraryHold, { maxLength: 6 }), arbitraryHold, (others, own) => {
        const profile = profileWith(others);
        // The own hold goes where the job would be placed: its earliest fit.
        const at = profile.earliest(own.duration, own.size, [own.memory]);
        profile.take(at, own.duration, own.size, [own.memory]);
        const said = profile.fitsBefore(at, own.duration, own.size, [own.memory]);
        profile.give(at, own.duration, own.size, [own.memory]);
        // Placed at its earliest, it can never move up; one step later it can iff that earliest is earlier.
        expect(said).toBe(false);
        const later = at + 3;
        profile.take(later, own.duration, own.size, [own.memory]);
        const canMove = profile.fitsBefore(later, own.duration, own.size, [own.memory]);
        profile.give(later, own.duration, own.size, [own.memory]);
        expect(canMove).toBe(profile.earliest(own.duration, own.size, [own.memory]) < later);
      }),
    );
  });

  it('fitsBefore is an earliest start before the limit, or room right before it', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryHold, { minLength: 1, maxLength: 8 }),
        arbitraryHold,
        fc.nat(),
        fc.integer({ min: -1, max: 1 }),
        (others, own, pick, offset) => {
          const profile = profileWith(others);
          // At, or next to, one of the profile's breakpoints: where segments change.
          const ends = others.flatMap((h) => [h.start, h.start + h.duration]);
          const limit = ends[pick % ends.length]! + offset;
          const demand = [own.memory];
          const split =
            profile.earliest(own.duration, own.size, demand) < limit ||
            profile.fitsJustBefore(limit, own.size, demand);
          expect(split).toBe(profile.fitsBefore(limit, own.duration, own.size, demand));
        },
      ),
    );
  });

  it('fitsSince finds where a job that gives its hold back moves up to, as earliest does', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryHold, { minLength: 1, maxLength: 8 }),
        arbitraryHold,
        fc.nat(),
        fc.integer({ min: 0, max: 2 }),
        (others, own, pick, offset) => {
          const profile = profileWith(others);
          const demand = [own.memory];
          // The job holds a place where it fits, at or next to a breakpoint.
          const ends = others.flatMap((h) => [h.start, h.start + h.duration]);
          const at = ends[pick % ends.length]! + offset;
          fc.pre(profile.fitsAt(at, own.duration, own.size, demand));
          profile.take(at, own.duration, own.size, demand);
          const before = profile.earliest(own.duration, own.size, demand);
          const floor = before < at ? before : Number.NEGATIVE_INFINITY;
          const moved = Math.min(before, profile.fitsSince(at, own.size, demand, floor));
          profile.give(at, own.duration, own.size, demand);
          expect(moved).toBe(Math.min(at, profile.earliest(own.duration, own.size, demand)));
        },
      ),
    );
  });

  it('earliestBefore answers earliest below each limit, resuming one scan from limit to limit', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryHold, { minLength: 1, maxLength: 8 }),
        arbitraryHold,
        fc.array(fc.integer({ min: -2, max: 50 }), { minLength: 1, maxLength: 6 }),
        (others, own, limits) => {
          const profile = profileWith(others);
          const demand = [own.memory];
          const earliest = profile.earliest(own.duration, own.size, demand);
          const scan = new EarliestScan();
          for (const limit of limits) {
            const expected = earliest < limit ? earliest : Number.POSITIVE_INFINITY;
            expect(profile.earliestBefore(scan, limit, own.duration, own.size, demand)).toBe(expected);
          }
        },
      ),
    );
  });

  it('revise keeps a scan exact across moves, told only where each took and gave room', () => {
    const arbitraryStep = fc.record({
      moves: fc.array(fc.record({ hold: fc.nat(), back: fc.integer({ min: 0, max: 20 }) }), { maxLength: 3 }),
      // Told once, the earliest of the moves' changes (as a shape asked again later is), or after each.
      eachMove: fc.boolean(),
      limit: fc.integer({ min: -2, max: 60 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryHold, { minLength: 1, maxLength: 8 }),
        arbitraryHold,
        fc.array(arbitraryStep, { minLength: 1, maxLength: 8 }),
        (others, own, steps) => {
          const holds = others.map((h) => ({ ...h }));
          const profile = profileWith(holds);
          const demand = [own.memory];
          const scan = new EarliestScan();
          for (const { moves, eachMove, limit } of steps) {
            // Compression's moves: a hold brought forward, the scan told the earliest of each.
            let taken = Number.POSITIVE_INFINITY;
            let given = Number.POSITIVE_INFINITY;
            for (const m of moves) {
              const hold = holds[m.hold % holds.length]!;
              const from = hold.start;
              const to = Math.max(0, from - m.back);
              profile.move(from, to, hold.duration, hold.size, [hold.memory]);
              hold.start = to;
              if (eachMove) profile.revise(scan, to, Math.max(from, to + hold.duration), own.duration);
              taken = Math.min(taken, to);
              given = Math.min(given, Math.max(from, to + hold.duration));
            }
            if (moves.length > 0 && !eachMove) profile.revise(scan, taken, given, own.duration);
            const earliest = profile.earliest(own.duration, own.size, demand);
            const expected = earliest < limit ? earliest : Number.POSITIVE_INFINITY;
            expect(profile.earliestBefore(scan, limit, own.duration, own.size, demand)).toBe(expected);
          }
        },
      ),
      {
        numRuns: 3000,
        // A scan that stopped at once on resuming (its limit below where it resumed) has not looked
        // at the segment before its stop, which has room here: a later give lets a window across
        // the stop fit (earliest 1; a revise that trusted the stop answered ∞).
        examples: [
          [
            [
              { start: 3, duration: 1, size: 3, memory: 0 },
              { start: 0, duration: 4, size: 1, memory: 0 },
              { start: 0, duration: 1, size: 1, memory: 0 },
              { start: 0, duration: 1, size: 1, memory: 0 },
              { start: 0, duration: 4, size: 1, memory: 0 },
              { start: 23, duration: 2, size: 1, memory: 0 },
            ],
            { start: 0, duration: 6, size: 4, memory: 0 },
            [
              { moves: [{ hold: 5, back: 15 }], eachMove: false, limit: 5 },
              { moves: [{ hold: 5, back: 8 }], eachMove: false, limit: 0 },
              { moves: [{ hold: 0, back: 3 }], eachMove: false, limit: 0 },
              { moves: [], eachMove: false, limit: 2 },
            ],
          ],
        ],
      },
    );
  });

  it('revise looks again from where room was given less the duration, not from where the scan stopped', () => {
    // 8 processors; a job of 4 for 4 fits first at 20. Two holds then move to the front, each
    // giving back room before the scan's stop; the window at 10 fits only once both have moved,
    // and it starts before the stop (12) that the scan reached in between.
    const profile = new AvailabilityProfile(8, []);
    profile.reset(0);
    for (const [start, duration, size] of [
      [0, 10, 5],
      [10, 2, 3],
      [12, 1, 2],
      [13, 2, 6],
      [16, 2, 5],
      [18, 2, 6],
    ] as const)
      profile.take(start, duration, size, []);
    const scan = new EarliestScan();
    expect(profile.earliestBefore(scan, 100, 4, 4, [])).toBe(20);
    // One processor of [16, 18) moves to [0, 2): room taken from 0, given from 16.
    profile.move(16, 0, 2, 1, []);
    profile.revise(scan, 0, 16, 4);
    expect(profile.earliestBefore(scan, 12, 4, 4, [])).toBe(Number.POSITIVE_INFINITY);
    expect(scan.stoppedAt).toBe(12);
    // Two processors of [13, 15) move to [0, 2): given from 13, so windows from 9 on may fit.
    profile.move(13, 0, 2, 2, []);
    profile.revise(scan, 0, 13, 4);
    expect(profile.earliest(4, 4, [])).toBe(10);
    expect(profile.earliestBefore(scan, 11, 4, 4, [])).toBe(10);
  });

  it('move leaves the profile that give then take would, breakpoints included', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryHold, { maxLength: 8 }),
        arbitraryHold,
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        (others, own, back, forever) => {
          const duration = forever ? Number.POSITIVE_INFINITY : own.duration;
          const demand = [own.memory];
          const [moved, stepped] = [profileWith(others), profileWith(others)];
          const from = own.start + back;
          const to = own.start;
          for (const p of [moved, stepped]) p.take(from, duration, own.size, demand);
          moved.move(from, to, duration, own.size, demand);
          stepped.give(from, duration, own.size, demand);
          stepped.take(to, duration, own.size, demand);
          // What a profile answers: its breakpoints, and where a few shapes fit.
          const answers = (p: AvailabilityProfile) => [
            p.segments,
            ...[1, 4, 9, Number.POSITIVE_INFINITY].flatMap((d) =>
              [1, 4, 8].map((size) => p.earliest(d, size, [size])),
            ),
            ...[0, 5, 10, 20, 30, 45].map((t) => p.mostFree(t, t + 1)),
          ];
          expect(answers(moved)).toEqual(answers(stepped));
        },
      ),
    );
  });

  it('keeps no breakpoint that separates equal segments: taking and giving back leaves it as it was', () => {
    fc.assert(
      fc.property(fc.array(arbitraryHold, { maxLength: 6 }), arbitraryHold, (others, extra) => {
        const profile = profileWith(others);
        // What the profile answers: its breakpoints, and the earliest start of a few job shapes.
        const answers = () => [
          profile.segments,
          ...[1, 4, 9].flatMap((d) => [1, 4, 8].map((p) => profile.earliest(d, p, [p]))),
        ];
        const before = answers();
        profile.take(extra.start, extra.duration, extra.size, [extra.memory]);
        profile.give(extra.start, extra.duration, extra.size, [extra.memory]);
        expect(answers()).toEqual(before);
        // An empty profile is one segment: every breakpoint of the holds has been joined away.
        for (const h of others) profile.give(h.start, h.duration, h.size, [h.memory]);
        expect(profile.segments).toBe(1);
      }),
    );
  });

  it('release gives back the rest of a hold up to its exact end', () => {
    const profile = profileWith([{ start: 0, duration: 10, size: 8, memory: 0 }]);
    profile.release(4, 10, 8, [0]);
    expect(profile.earliest(6, 8, [0])).toBe(4);
    expect(profile.segments).toBe(2);
  });
});
