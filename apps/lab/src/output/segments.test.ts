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

describe('SegmentLog', () => {
  it('gives back every segment as added, written out the same', () => {
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
    const segment = fc.record(
      {
        from: fc.double({ min: 0, max: 1e7, noNaN: true }),
        to: fc.double({ min: 0, max: 1e7, noNaN: true }),
        processors: ranges.map((r) => r.map(([a, b]) => [a, b] as const)),
        began,
        slot: fc.integer({ min: 0, max: 40 }),
      },
      { requiredKeys: ['from', 'to', 'processors', 'began'] },
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 100 }), (segments) => {
        const log = new SegmentLog();
        for (const s of segments) log.add(s);
        expect(JSON.stringify(log.segments())).toBe(JSON.stringify(segments));
      }),
      { numRuns: 300 },
    );
  });
});
