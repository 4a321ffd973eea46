import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupWithinSlack } from './fairness.ts';
import { matchmakingOptions } from './options.ts';

const byDefault = matchmakingOptions.parse({}).slackTest;

describe('the fairness verdict over the jobs a group delays (§4.5 step 6, formula 4)', () => {
  it('by default binds every delayed job, one already past R_max included', () => {
    // R_est 100 s. Job A is predicted at 140 s without the group and 145 s with it; job B, at 300 s,
    // is not delayed.
    const predictions = [
      { before: 140, after: 145, rEst: 100 },
      { before: 300, after: 300, rEst: 100 },
    ];
    // F_slack 1.25: R_max 125 < 145, the group is discarded; 1.5: 145 ≤ 150, it passes (B, past
    // R_max but not delayed, does not bind).
    expect(groupWithinSlack(predictions, 1.25, byDefault)).toBe(false);
    expect(groupWithinSlack(predictions, 1.5, byDefault)).toBe(true);
    // pushed-past exempts A at 1.25 (140 > 125 already) but binds it at 1.5 once pushed past 150:
    // the verdict falls as F_slack rises.
    expect(groupWithinSlack(predictions, 1.25, 'pushed-past')).toBe(true);
    expect(groupWithinSlack([{ before: 140, after: 151, rEst: 100 }], 1.5, 'pushed-past')).toBe(false);
  });

  it('§5.4: a group that passes at one F_slack passes at every larger one', () => {
    // Responses in hundredths of R_est around the bounds tried: 0.5 to 4 · R_est, delays up to R_est.
    const hundredths = (min: number, max: number) => fc.integer({ min, max }).map((x) => x / 100);
    const prediction = fc
      .record({
        rEst: fc.integer({ min: 1, max: 100_000 }),
        before: hundredths(50, 400),
        delay: hundredths(0, 100),
      })
      .map(({ rEst, before, delay }) => ({ before: before * rEst, after: (before + delay) * rEst, rEst }));
    fc.assert(
      fc.property(
        fc.array(prediction, { maxLength: 8 }),
        hundredths(100, 300),
        hundredths(0, 200),
        (predictions, fSlack, more) => {
          if (groupWithinSlack(predictions, fSlack, byDefault))
            expect(groupWithinSlack(predictions, fSlack + more, byDefault)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
