import type { RunStatus } from '@js/core';
import type { RunSummary } from '@js/metrics';
import { describe, expect, it, vi } from 'vitest';
import { BRACKET_WIDTH, calibrate, runStatistics } from './calibrate.ts';

/** A run's figures where only the status and the statistics the tests name matter. */
const summary = (value: number, status: RunStatus = 'completed'): RunSummary =>
  ({
    status,
    window: { jobs: 100 },
    meanQueueLength: value,
    response: { mean: value },
  }) as unknown as RunSummary;

/** A `run` whose statistic is `f(load, seed)`. */
const runOf =
  (f: (load: number, seed: number) => number, status?: (load: number) => RunStatus) =>
  async (load: number, seed: number) =>
    summary(f(load, seed), status?.(load));

const error = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('expected an error'),
    (e: Error & { code?: string }) => e,
  );

describe('calibrate: bisection on a monotone statistic', () => {
  it('finds the load of a linear statistic within the tolerance, first probing high = 1', async () => {
    const c = await calibrate({
      statistic: 'meanQueueLength',
      target: 7,
      seeds: [1],
      run: runOf((load) => 10 * load),
    });
    expect(c.withinTolerance).toBe(true);
    expect(c.stop).toBe('tolerance');
    expect(Math.abs(c.value - 7)).toBeLessThanOrEqual(0.02 * 7);
    expect(c.value).toBeCloseTo(10 * c.load, 12);
    expect(c.probes[0]!.load).toBe(1);
    expect(c.probes.map((p) => p.load)).toEqual([1, 0.5, 0.75, 0.625, 0.6875]);
    expect(c.runs).toBe(c.probes.length);
    expect(c.monotone).toBe(true);
  });

  it('doubles high until the statistic exceeds the target, then bisects', async () => {
    const c = await calibrate({ statistic: 'meanQueueLength', target: 37, seeds: [1], run: runOf((l) => l) });
    expect(c.probes.slice(0, 7).map((p) => p.load)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(Math.abs(c.load - 37)).toBeLessThanOrEqual(0.02 * 37);
  });

  it('averages the statistic over the seeds; runs count every seed', async () => {
    const c = await calibrate({
      statistic: 'response.mean',
      target: 1,
      seeds: [1, 2, 3],
      run: runOf((load, seed) => load * seed),
    });
    expect(c).toMatchObject({ load: 0.5, value: 1, runs: 6, withinTolerance: true });
    expect(c.probes[1]!.values).toEqual([0.5, 1, 1.5]);
  });

  it('honours low, high and tolerance', async () => {
    const c = await calibrate({
      statistic: 'meanQueueLength',
      target: 50,
      seeds: [1],
      low: 0.4,
      high: 0.6,
      tolerance: 0.001,
      run: runOf((l) => 100 * l),
    });
    expect(c.probes[0]!.load).toBe(0.6);
    expect(c.load).toBe(0.5);
    expect(c.tolerance).toBe(0.001);
  });

  it('is deterministic: the same runs give the same calibration', async () => {
    const run = runOf((load, seed) => load ** 2 * (10 + seed));
    const a = await calibrate({ statistic: 'meanQueueLength', target: 9, seeds: [1, 2], run });
    const b = await calibrate({ statistic: 'meanQueueLength', target: 9, seeds: [1, 2], run });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});

describe('calibrate: overloaded runs, jumps, unreachable targets', () => {
  it('a saturated or stalled run counts as above the target, whatever its partial figures', async () => {
    const c = await calibrate({
      statistic: 'meanQueueLength',
      target: 50,
      seeds: [1, 2],
      // Above 0.6 one seed saturates (its partial figure is low) and the other stalls.
      run: async (load, seed) =>
        load > 0.6 ? summary(Number.NaN, seed === 1 ? 'saturated' : 'stalled') : summary(100 * load),
    });
    expect(c.probes[0]).toMatchObject({ load: 1, overloaded: true });
    expect(c).toMatchObject({ load: 0.5, value: 50, withinTolerance: true });
  });

  it('a statistic that jumps across the target: the bracket closes on the jump, the closest completed probe is the result', async () => {
    const c = await calibrate({
      statistic: 'meanQueueLength',
      target: 10,
      seeds: [1],
      run: runOf((l) => (l < 0.3 ? 1 : 100)),
    });
    expect(c.stop).toBe('bracket');
    expect(c.withinTolerance).toBe(false);
    expect(c.value).toBe(1);
    expect(c.load).toBeLessThan(0.3);
    expect(0.3 - c.load).toBeLessThanOrEqual(BRACKET_WIDTH * 0.31);
  });

  it('the same at the edge of saturation: the highest load that completes', async () => {
    const c = await calibrate({
      statistic: 'meanQueueLength',
      target: 128,
      seeds: [1],
      run: runOf(
        (l) => 10 * l,
        (l) => (l >= 0.9 ? 'saturated' : 'completed'),
      ),
    });
    expect(c).toMatchObject({ stop: 'bracket', withinTolerance: false });
    expect(c.load).toBeLessThan(0.9);
    expect(c.load).toBeGreaterThan(0.899);
  });

  it('a non-monotone statistic is flagged (monotone: false)', async () => {
    const c = await calibrate({
      statistic: 'meanQueueLength',
      target: 10,
      seeds: [1],
      run: runOf((l) => (l === 0.5 ? 30 : 16 * l)),
    });
    expect(c.monotone).toBe(false);
    expect(c.withinTolerance).toBe(false);
  });

  it('a target the statistic never exceeds fails with CALIBRATION_FAILED once the budget is spent', async () => {
    const run = vi.fn(runOf((l) => Math.min(l, 5)));
    const e = await error(
      calibrate({ statistic: 'meanQueueLength', target: 10, seeds: [1, 2], maxRuns: 12, run }),
    );
    expect(e.code).toBe('CALIBRATION_FAILED');
    expect(e.message).toContain('stays at or below the target 10 up to load 32');
    expect(run).toHaveBeenCalledTimes(12);
  });

  it('a target below the statistic at every load fails with CALIBRATION_FAILED', async () => {
    const e = await error(
      calibrate({
        statistic: 'meanQueueLength',
        target: 10,
        seeds: [1],
        maxRuns: 20,
        run: runOf((l) => 100 + l),
      }),
    );
    expect(e.code).toBe('CALIBRATION_FAILED');
    expect(e.message).toContain('stays above the target 10');
  });

  it('every run overloaded fails with CALIBRATION_FAILED', async () => {
    const e = await error(
      calibrate({
        statistic: 'meanQueueLength',
        target: 10,
        seeds: [1],
        maxRuns: 8,
        run: runOf(
          () => 3,
          () => 'saturated',
        ),
      }),
    );
    expect(e.code).toBe('CALIBRATION_FAILED');
    expect(e.message).toContain('overloaded');
  });

  it('the budget spent while bisecting: the closest completed probe, stop max-runs', async () => {
    const c = await calibrate({
      statistic: 'meanQueueLength',
      target: 7,
      seeds: [1],
      tolerance: 1e-9,
      maxRuns: 4,
      run: runOf((l) => 10 * l),
    });
    expect(c).toMatchObject({ stop: 'max-runs', runs: 4, load: 0.75, withinTolerance: false });
  });

  it('a completed run whose statistic is NaN fails, naming the load and the seed', async () => {
    const e = await error(
      calibrate({ statistic: 'response.mean', target: 1, seeds: [4], run: runOf(() => Number.NaN) }),
    );
    expect(e.code).toBe('CALIBRATION_FAILED');
    expect(e.message).toContain('response.mean is not a number at load 1, seed 4');
  });
});

describe('calibrate: bad names and settings', () => {
  it('an unknown statistic fails before any run, listing the figures of a run summary', async () => {
    const run = vi.fn(runOf((l) => l));
    const e = await error(calibrate({ statistic: 'meanQueue', target: 1, seeds: [1], run }));
    expect(e.code).toBe('UNKNOWN_NAME');
    expect(e.message).toContain("unknown statistic 'meanQueue' (did you mean 'meanQueueLength'?)");
    expect(e.message).toContain('response.mean');
    expect(run).not.toHaveBeenCalled();
  });

  it('a resource figure is checked against the first run’s summary', async () => {
    const e = await error(
      calibrate({ statistic: 'utilisation.resources.memory', target: 1, seeds: [1], run: runOf((l) => l) }),
    );
    expect(e.code).toBe('UNKNOWN_NAME');
  });

  it('invalid settings name the setting and the value', async () => {
    const run = runOf((l) => l);
    const base = { statistic: 'meanQueueLength', target: 1, seeds: [1], run };
    for (const [settings, path] of [
      [{ ...base, target: -1 }, 'target'],
      [{ ...base, seeds: [] }, 'seeds'],
      [{ ...base, tolerance: 2 }, 'tolerance'],
      [{ ...base, low: 2, high: 1 }, 'high'],
      [{ ...base, maxRuns: 1, seeds: [1, 2] }, 'maxRuns'],
    ] as const) {
      const e = await error(calibrate(settings));
      expect(e.code).toBe('INVALID_OPTION');
      expect(e.message).toContain(`invalid options for calibrate: ${path}`);
    }
  });

  it('runStatistics lists every number of a run summary by its path', () => {
    expect(runStatistics()).toEqual(
      expect.arrayContaining(['meanQueueLength', 'response.mean', 'wait.p95', 'utilisation.processors']),
    );
    expect(runStatistics()).not.toContain('status');
  });
});
