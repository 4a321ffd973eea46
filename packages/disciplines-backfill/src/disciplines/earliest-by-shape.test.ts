import { AvailabilityProfile } from '@js/blocks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EarliestByShape } from './earliest-by-shape.ts';

const NO_DEMAND: readonly number[] = [];

describe('EarliestByShape', () => {
  it("answers each shape's earliest start as a fresh search would, through moves told as compression tells them", () => {
    const hold = fc.record({
      start: fc.integer({ min: 0, max: 40 }),
      duration: fc.integer({ min: 1, max: 12 }),
      size: fc.integer({ min: 1, max: 6 }),
    });
    const step = fc.oneof(
      fc.record({ op: fc.constant('move' as const), pick: fc.nat(), back: fc.integer({ min: 0, max: 15 }) }),
      fc.record({
        op: fc.constant('ask' as const),
        shape: fc.nat(),
        limit: fc.integer({ min: -1, max: 70 }),
      }),
      fc.record({ op: fc.constant('forget' as const) }),
    );
    fc.assert(
      fc.property(
        fc.array(hold, { minLength: 1, maxLength: 10 }),
        fc.array(
          fc.record({ duration: fc.integer({ min: 1, max: 12 }), size: fc.integer({ min: 1, max: 8 }) }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.array(step, { maxLength: 40 }),
        (initial, shapeList, steps) => {
          const holds = initial.map((h) => ({ ...h }));
          const profile = new AvailabilityProfile(8, []);
          profile.reset(0);
          for (const h of holds) profile.take(h.start, h.duration, h.size, NO_DEMAND);
          const shapes = new EarliestByShape(profile);
          const scans = shapeList.map((s) => shapes.of(s.duration, s.size, NO_DEMAND));
          for (const s of steps) {
            if (s.op === 'forget') shapes.forget();
            else if (s.op === 'move') {
              const h = holds[s.pick % holds.length]!;
              const from = h.start;
              const to = Math.max(0, from - s.back);
              profile.move(from, to, h.duration, h.size, NO_DEMAND);
              h.start = to;
              shapes.forget(to, Math.max(from, to + h.duration));
            } else {
              const i = s.shape % shapeList.length;
              const { duration, size } = shapeList[i]!;
              const earliest = profile.earliest(duration, size, NO_DEMAND);
              const expected = earliest < s.limit ? earliest : Number.POSITIVE_INFINITY;
              expect(shapes.before(scans[i], s.limit, duration, size, NO_DEMAND)).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
