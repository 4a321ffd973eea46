import type { Job, OperationEvent, ReleaseEvent, SlotEvent } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Segment, SegmentLog, segmentRecorder } from './segments.ts';

const job = (id: number) => ({ id }) as Job;
const op = (
  time: number,
  id: number,
  operation: OperationEvent['operation'],
  processors: number[],
  d = 'g',
) => ({ time, job: job(id), operation, processors, cost: 0, discipline: d }) as OperationEvent;
const release = (time: number, id: number, processors: number[]) =>
  ({ time, job: job(id), processors, resident: true, evicted: false }) as ReleaseEvent;
const slot = (time: number, s: number, discipline = 'g'): SlotEvent => ({ time, discipline, slot: s });

describe('segmentRecorder in a run whose switches name time slots', () => {
  it('gives each stretch its slot, and cuts a job that runs on into the next slot', () => {
    const got: Segment[] = [];
    const r = segmentRecorder((s) => got.push(s));
    // Slot 0: jobs 1 (0–1) and 2 (2–3); slot 1: job 3 (0–1) and job 2 again (it has both rows).
    r.operation!(op(0, 1, 'resume', [0, 1]));
    r.operation!(op(0, 2, 'resume', [2, 3]));
    r.slot!(slot(0, 0));
    r.released!(release(5, 1, [0, 1]));
    r.operation!(op(5, 3, 'resume', [0, 1]));
    r.slot!(slot(5, 1));
    r.released!(release(10, 3, [0, 1]));
    r.operation!(op(10, 1, 'resume', [0, 1]));
    r.slot!(slot(10, 0));
    r.slot!(slot(10, 0)); // named again by a later switch of the same instant: nothing to cut
    r.end!(12, 'completed');
    expect(got.sort((a, b) => a.from - b.from || a.job - b.job)).toEqual([
      { job: 1, from: 0, to: 5, processors: [[0, 1]], began: 'resume', slot: 0 },
      { job: 2, from: 0, to: 5, processors: [[2, 3]], began: 'resume', slot: 0 },
      { job: 2, from: 5, to: 10, processors: [[2, 3]], began: 'resume', slot: 1 },
      { job: 3, from: 5, to: 10, processors: [[0, 1]], began: 'resume', slot: 1 },
      { job: 1, from: 10, to: 12, processors: [[0, 1]], began: 'resume', slot: 0 },
      { job: 2, from: 10, to: 12, processors: [[2, 3]], began: 'resume', slot: 0 },
    ]);
  });

  it('a slot named by one partition’s switch cuts only its own jobs', () => {
    const got: Segment[] = [];
    const r = segmentRecorder((s) => got.push(s));
    r.operation!(op(0, 1, 'start', [0], 'gang'));
    r.operation!(op(0, 2, 'start', [1], 'easy'));
    r.slot!(slot(3, 1, 'gang'));
    r.end!(6, 'completed');
    expect(got).toEqual([
      { job: 1, from: 0, to: 3, processors: [[0, 0]], began: 'start' },
      { job: 1, from: 3, to: 6, processors: [[0, 0]], began: 'start', slot: 1 },
      { job: 2, from: 0, to: 6, processors: [[1, 1]], began: 'start' },
    ]);
  });
});

/** The stretches a record stands for (one, or `count` of a periodic record), as a reader expands it. */
function* stretches(s: Omit<Segment, 'job'>): Generator<Omit<Segment, 'job' | 'period' | 'count'>> {
  const { period = 0, count = 1, ...one } = s;
  for (let k = 0; k < count; k++) yield { ...one, from: s.from + k * period, to: s.to + k * period };
}

describe('SegmentLog', () => {
  // Stretches of one job: mostly on the same processors and beginning, as a gang job's are.
  const ranges = fc.constantFrom<Segment['processors']>(
    [[0, 31]],
    [[0, 31]],
    [
      [0, 3],
      [8, 11],
    ],
    [[64, 127]],
  );
  const began = fc.constantFrom<Segment['began']>('resume', 'resume', 'start', 'resize');
  const shape = fc.record(
    {
      processors: ranges.map((r) => r.map(([a, b]) => [a, b] as const)),
      began,
      slot: fc.integer({ min: 0, max: 3 }),
    },
    { requiredKeys: ['processors', 'began'] },
  );
  /**
   * A job's stretches, in time order, as a gang run gives them: phases in which the matrix has
   * `slots` rows, the job holds some of them and runs a quantum in each per round (several held
   * slots interleave), from a start on whole or fractional seconds (so that some phases add up
   * exactly in floating point and some do not); and stray stretches between phases.
   */
  const phases = fc.array(
    fc.record({
      shape,
      gap: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e4, noNaN: true })),
      quantum: fc.constantFrom(5, 0.1, 1 / 3, 2.5, 7),
      slots: fc.integer({ min: 1, max: 4 }),
      held: fc.uniqueArray(fc.nat({ max: 3 }), { minLength: 1, maxLength: 3 }),
      rounds: fc.integer({ min: 1, max: 6 }),
    }),
    { maxLength: 8 },
  );
  const expand = (drawn: typeof phases extends fc.Arbitrary<infer T> ? T : never) => {
    const out: Omit<Segment, 'job'>[] = [];
    let t = 0;
    for (const { shape: sh, gap, quantum, slots, held, rounds } of drawn) {
      let at = t + gap;
      for (let round = 0; round < rounds; round++)
        for (let slot = 0; slot < slots; slot++) {
          // Each stretch's own times, as the engine gives them: a sum, not from + k·period.
          if (held.includes(slot))
            out.push({
              from: at,
              to: at + quantum,
              processors: sh.processors,
              began: sh.began,
              ...(sh.slot === undefined ? {} : { slot }),
            });
          at += quantum;
        }
      t = at;
    }
    return out;
  };

  it('gives back every stretch as added, exactly, from its records', () => {
    fc.assert(
      fc.property(phases, (drawn) => {
        const segments = expand(drawn);
        const log = new SegmentLog();
        for (const s of segments) log.add(s);
        const records = log.segments();
        // Records come by their first stretches; their stretches, put in time order, are the job's.
        const back = records.flatMap((r) => [...stretches(r)]).sort((a, b) => a.from - b.from);
        expect(JSON.stringify(back)).toBe(JSON.stringify(segments));
        expect(records.map((r) => r.from)).toEqual([...records.map((r) => r.from)].sort((a, b) => a - b));
        for (const r of records) {
          // A periodic record: two stretches or more, a period no shorter than a stretch.
          if (r.count === undefined) continue;
          expect(r.count).toBeGreaterThanOrEqual(2);
          expect(r.period).toBeGreaterThanOrEqual(r.to - r.from);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('writes a gang job’s rounds on unchanged processors as one record, and cuts it where they change', () => {
    const log = new SegmentLog();
    const at = (from: number, slot: number, processors: Segment['processors'] = [[0, 31]]) =>
      log.add({ from, to: from + 5, processors, began: 'resume', slot });
    log.add({ from: 100, to: 105, processors: [[0, 31]], began: 'start', slot: 0 });
    for (let t = 115; t <= 145; t += 10) at(t, 0); // every second quantum: two slots
    for (let t = 160; t <= 190; t += 15) at(t, 0); // a third slot came: every third
    at(200, 1); // moved to another slot
    at(215, 1, [[32, 63]]); // and to other processors
    // Holding slots 0 and 1 of three: a record per slot, interleaved.
    for (let t = 300; t <= 330; t += 15) {
      at(t, 0, [[64, 95]]);
      at(t + 5, 1, [[64, 95]]);
    }
    expect(log.segments()).toEqual([
      { from: 100, to: 105, processors: [[0, 31]], began: 'start', slot: 0 },
      { from: 115, to: 120, processors: [[0, 31]], began: 'resume', slot: 0, period: 10, count: 4 },
      { from: 160, to: 165, processors: [[0, 31]], began: 'resume', slot: 0, period: 15, count: 3 },
      { from: 200, to: 205, processors: [[0, 31]], began: 'resume', slot: 1 },
      { from: 215, to: 220, processors: [[32, 63]], began: 'resume', slot: 1 },
      { from: 300, to: 305, processors: [[64, 95]], began: 'resume', slot: 0, period: 15, count: 3 },
      { from: 305, to: 310, processors: [[64, 95]], began: 'resume', slot: 1, period: 15, count: 3 },
    ]);
  });
});
