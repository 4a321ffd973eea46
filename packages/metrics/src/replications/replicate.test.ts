import { OptionsError } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confidenceInterval } from './confidence-interval.ts';
import { ReplicationError, replicate } from './replicate.ts';

interface Outcome {
  readonly value: number;
  readonly saturated?: boolean;
}

/** Replications that return the given outcomes in turn, recording which indices ran. */
function scripted(outcomes: readonly Outcome[]) {
  const ran: number[] = [];
  return {
    ran,
    input: {
      run: async (index: number) => {
        ran.push(index);
        return outcomes[index]!;
      },
      statistic: (o: Outcome) => o.value,
      saturated: (o: Outcome) => o.saturated === true,
    },
  };
}

describe('replicate', () => {
  it('stops at the first replication count whose 95 % half-width is within 5 % of the mean', async () => {
    // 100, 110: mean 105, s = 7.07, half-width t(0.975,1)·5 = 63.5: too wide. After four values
    // half-width 3.182·4.16/2 = 6.62 > 5.25; after five, 2.776·3.61/√5 = 4.48 ≤ 5.25 (5 % of 105).
    const values = [100, 110, 104, 106, 105, 105, 105];
    const { ran, input } = scripted(values.map((value) => ({ value })));
    const r = await replicate(input);
    expect(r.stop).toBe('converged');
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect(r.values).toEqual([100, 110, 104, 106, 105]);
    expect(r.interval.relativeHalfWidth).toBeLessThanOrEqual(0.05);
    // The four-value interval was still too wide, or the loop would have stopped there.
    expect(confidenceInterval([100, 110, 104, 106]).relativeHalfWidth).toBeGreaterThan(0.05);
  });

  it('honours the minimum even when two equal values give a zero-width interval', async () => {
    const { ran, input } = scripted(Array.from({ length: 9 }, () => ({ value: 7 })));
    const r = await replicate({ ...input, options: { minReplications: 4 } });
    expect(r.stop).toBe('converged');
    expect(ran).toHaveLength(4);
    expect(r.interval.halfWidth).toBe(0);
  });

  it('reports a saturated replication at once and replicates no further', async () => {
    const { ran, input } = scripted([{ value: 10 }, { value: 12 }, { value: Number.NaN, saturated: true }]);
    const r = await replicate({ ...input, options: { minReplications: 5 } });
    expect(r.stop).toBe('saturated');
    expect(ran).toEqual([0, 1, 2]);
    expect(r.runs).toHaveLength(3);
    expect(r.values).toEqual([10, 12]);
  });

  it('ends at the cap when the values never settle', async () => {
    const { ran, input } = scripted(Array.from({ length: 50 }, (_, i) => ({ value: i % 2 ? 1 : 1000 })));
    const r = await replicate({ ...input, options: { maxReplications: 6 } });
    expect(r.stop).toBe('max-replications');
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
    expect(r.interval.relativeHalfWidth).toBeGreaterThan(0.05);
  });

  it('refuses a statistic that is not a number, naming the replication', async () => {
    const { input } = scripted([{ value: 3 }, { value: Number.NaN }]);
    await expect(replicate(input)).rejects.toThrow(ReplicationError);
    await expect(replicate(input)).rejects.toThrow(/replication 2: the statistic is NaN/);
  });

  it('refuses a cap below the minimum, by option name', async () => {
    const { input } = scripted([]);
    const attempt = replicate({ ...input, options: { minReplications: 5, maxReplications: 3 } });
    await expect(attempt).rejects.toThrow(OptionsError);
    await expect(
      replicate({ ...input, options: { minReplications: 5, maxReplications: 3 } }),
    ).rejects.toThrow(/maxReplications/);
  });

  it('always ends within the cap, converged exactly when the interval meets the target', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 30, maxLength: 30 }),
        fc.integer({ min: 2, max: 10 }),
        async (values, cap) => {
          const { ran, input } = scripted(values.map((value) => ({ value })));
          const r = await replicate({ ...input, options: { maxReplications: cap } });
          expect(ran.length).toBeLessThanOrEqual(cap);
          const met = confidenceInterval(r.values).relativeHalfWidth <= 0.05;
          if (r.stop === 'converged') expect(met).toBe(true);
          else expect(ran).toHaveLength(cap);
        },
      ),
      { numRuns: 200 },
    );
  });
});
