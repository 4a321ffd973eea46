import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SegmentInput } from '../model.ts';
import { rigid, runOf } from '../test-support.ts';
import { quantilePoints } from './distributions.ts';
import { type GanttBar, gantts } from './gantt.ts';
import { Integral, timeSeries } from './time-series.ts';

const interval = fc
  .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 9 }))
  .map(([a, length, weight]) => ({ a, b: a + length, weight }));

describe('time series', () => {
  it('bucket averages integrate to exactly the intervals’ weighted lengths (no sampling loss)', () => {
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 30 }),
        fc.integer({ min: 1, max: 50 }),
        (intervals, buckets) => {
          const integral = new Integral(0, 2000 / buckets, buckets);
          for (const { a, b, weight } of intervals) integral.add(a, b, weight);
          const total = integral.means().reduce((sum, m) => sum + m * (2000 / buckets), 0);
          const expected = intervals.reduce((sum, { a, b, weight }) => sum + weight * (b - a), 0);
          expect(total).toBeCloseTo(expected, 6);
        },
      ),
    );
  });

  it('never has more than the bucket limit of points per run, whatever the run’s length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 7 }), fc.integer({ min: 1, max: 500 }), (end, limit) => {
        const series = timeSeries([runOf('a', [rigid(1, 0, 0, end, 0, 3)])], limit)!;
        expect(series.points.length).toBeLessThanOrEqual(limit);
        expect(series.buckets * series.width).toBeCloseTo(Math.max(end, 1), 6);
      }),
    );
  });

  it('gives utilisation and queue for a hand-worked run', () => {
    // 8 processors; job 1 on 4 of them 0–10; job 2 waits 0–10 then runs on all 8 10–20.
    const run = runOf('a', [rigid(1, 0, 0, 10, 0, 3), rigid(2, 0, 10, 20, 0, 7)]);
    const series = timeSeries([run], 2)!;
    expect(series.points.map((p) => [p.t, p.utilisation, p.queue])).toEqual([
      [0, 0.5, 1],
      [10, 1, 0],
    ]);
  });
});

describe('ECDF points', () => {
  it('keep at most the limit, first and last value included, fractions rising to 1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 500 }),
        fc.integer({ min: 2, max: 100 }),
        (values, limit) => {
          const sorted = Float64Array.from(values).sort();
          const points = quantilePoints(sorted, limit);
          expect(points.length).toBeLessThanOrEqual(limit);
          expect(points[0]![0]).toBe(sorted[0]);
          expect(points.at(-1)).toEqual([sorted.at(-1), 1]);
          for (let i = 1; i < points.length; i++) {
            expect(points[i]![0]).toBeGreaterThanOrEqual(points[i - 1]![0]);
            expect(points[i]![1]).toBeGreaterThan(points[i - 1]![1]);
          }
        },
      ),
    );
  });
});

describe('Gantt bars', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => rigid(i + 1, i * 10, i * 10, i * 10 + 15, i % 8, i % 8));

  it('draws every bar of a small run, and marks how a stretch began', () => {
    const job = rigid(3, 0, 0, 5, 0, 1);
    const run = runOf('a', [
      rigid(1, 0, 0, 10, 0, 3),
      { ...rigid(2, 0, 2, 10, 4, 7), backfilled: true },
      {
        ...job,
        segments: [
          ...job.segments,
          {
            from: 7,
            to: 9,
            processors: [
              [2, 2],
              [5, 6],
            ],
            began: 'resume',
          },
        ],
      },
    ]);
    const [g] = gantts([run]);
    expect(g!.cut).toBe(false);
    expect(g!.bars.map((b) => [b.job, b.p0, b.p1, b.kind])).toEqual([
      [1, 0, 4, 'started'],
      [2, 4, 8, 'backfilled'],
      [3, 0, 2, 'started'],
      [3, 2, 3, 'resumed (was preempted)'],
      [3, 5, 7, 'resumed (was preempted)'],
    ]);
  });

  it('keeps at most the bar limit starting in one window shared by every run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 120 }), (n, limit) => {
        const charts = gantts([runOf('a', many(n)), runOf('b', many(Math.ceil(n / 2)))], limit);
        for (const g of charts) {
          const starting = g.bars.filter((b) => b.from >= g.window.from && b.from < g.window.to);
          expect(starting.length).toBeLessThanOrEqual(limit);
          expect(g.window).toEqual(charts[0]!.window);
          expect(g.cut).toBe(g.bars.length < g.totalBars);
        }
        if (n <= limit) expect(charts[0]!.bars).toHaveLength(n);
      }),
    );
  });

  it('draws a periodic record as the stretches it stands for, written one by one', () => {
    // Gang jobs: each a few periodic records (a quantum every round of 2–4 slots), on one or two
    // processor ranges; the window and the bar limit vary, so records start before it, cross
    // its edges and are cut by the limit.
    const record = fc.record({
      from: fc.integer({ min: 0, max: 400 }),
      quantum: fc.integer({ min: 1, max: 5 }),
      slots: fc.integer({ min: 1, max: 4 }),
      count: fc.integer({ min: 1, max: 30 }),
      ranges: fc.constantFrom<[number, number][]>(
        [[0, 3]],
        [[4, 7]],
        [
          [0, 1],
          [6, 7],
        ],
      ),
      slot: fc.nat({ max: 3 }),
    });
    const window = fc.option(
      fc.record({ from: fc.integer({ min: 0, max: 300 }), to: fc.integer({ min: 300, max: 900 }) }),
      {
        nil: undefined,
      },
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(record, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 200 }),
        window,
        (jobs, limit, w) => {
          // Each job from 0 to the end of its last stretch, so that the time series span them all.
          const end = (records: (typeof jobs)[number]) =>
            Math.max(...records.map((r) => r.from + r.quantum + (r.count - 1) * r.quantum * r.slots));
          const job = (id: number, segments: SegmentInput[]) => ({
            ...rigid(id, 0, 0, end(jobs[id]!), 0, 0),
            segments,
          });
          const periodic = jobs.map((records, id) =>
            job(
              id,
              records.map((r) => ({
                from: r.from,
                to: r.from + r.quantum,
                processors: r.ranges,
                began: 'resume',
                slot: r.slot,
                ...(r.count > 1 ? { period: r.quantum * r.slots, count: r.count } : {}),
              })),
            ),
          );
          const single = jobs.map((records, id) =>
            job(
              id,
              records.flatMap((r) =>
                Array.from({ length: r.count }, (_, k) => ({
                  from: r.from + k * r.quantum * r.slots,
                  to: r.from + r.quantum + k * r.quantum * r.slots,
                  processors: r.ranges,
                  began: 'resume',
                  slot: r.slot,
                })),
              ),
            ),
          );
          const order = (bars: readonly GanttBar[]) =>
            [...bars].sort((a, b) => a.job - b.job || a.from - b.from || a.p0 - b.p0);
          // The window: the given one, or the whole run, cut before the (limit + 1)-th bar to start.
          const all = single.flatMap((j) => j.segments);
          const lo = w?.from ?? Math.min(...all.map((x) => x.from));
          const hi = w?.to ?? Math.max(...all.map((x) => x.to));
          const starts = all
            .flatMap((x) => x.processors.map(() => x.from))
            .filter((f) => f >= lo && f < hi)
            .sort((x, y) => x - y);
          const window = { from: lo, to: starts.length > limit ? Math.min(hi, starts[limit]!) : hi };
          const [a] = gantts([runOf('a', periodic)], limit, w);
          expect(a!.window).toEqual(window);
          const [b] = gantts([runOf('a', single)], limit, w);
          expect({ ...a!, bars: order(a!.bars) }).toEqual({ ...b!, bars: order(b!.bars) });
          // And the busy processors over time count each stretch.
          expect(timeSeries([runOf('a', periodic)], 50)).toEqual(timeSeries([runOf('a', single)], 50));
        },
      ),
      { numRuns: 300 },
    );
  });
});
