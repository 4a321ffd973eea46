import type { Job, OperationEvent, ReleaseEvent } from '@js/core';
import { describe, expect, it } from 'vitest';
import { inWindow, parseGanttWindow, renderGantt } from './gantt.ts';
import { ranges, type Segment, segmentRecorder } from './segments.ts';

const job = (id: number) => ({ id }) as Job;
const op = (time: number, id: number, operation: OperationEvent['operation'], processors: number[]) =>
  ({ time, job: job(id), operation, processors, cost: 0, discipline: 'd' }) as OperationEvent;
const release = (time: number, id: number, processors: number[], resident = false) =>
  ({ time, job: job(id), processors, resident, evicted: false }) as ReleaseEvent;

describe('segmentRecorder', () => {
  it('cuts a job’s life into stretches on fixed processors: suspend, resume, grow, shrink, leave', () => {
    const got: Segment[] = [];
    const r = segmentRecorder((s) => got.push(s));
    r.operation!(op(0, 7, 'start', [2, 3]));
    r.released!(release(5, 7, [2, 3], true)); // suspended (gang row switch)
    r.operation!(op(10, 7, 'resume', [2, 3]));
    r.operation!(op(12, 7, 'resize', [2, 3, 4, 5])); // grown: no release first
    r.released!(release(20, 7, [4, 5])); // shrinking resize: the released ones first…
    r.operation!(op(20, 7, 'resize', [2, 3])); // …then the new allocation
    r.operation!(op(21, 8, 'place', [0, 1])); // resident only: not a segment
    r.released!(release(30, 7, [2, 3])); // left
    r.end!(30, 'completed');
    expect(got).toEqual([
      { job: 7, from: 0, to: 5, processors: [[2, 3]], began: 'start' },
      { job: 7, from: 10, to: 12, processors: [[2, 3]], began: 'resume' },
      { job: 7, from: 12, to: 20, processors: [[2, 5]], began: 'resize' },
      { job: 7, from: 20, to: 30, processors: [[2, 3]], began: 'resize' },
    ]);
  });

  it('closes what still runs when the run ends (a saturated run)', () => {
    const got: Segment[] = [];
    const r = segmentRecorder((s) => got.push(s));
    r.operation!(op(3, 1, 'start', [0]));
    r.end!(9, 'saturated');
    expect(got).toEqual([{ job: 1, from: 3, to: 9, processors: [[0, 0]], began: 'start' }]);
  });

  it('writes processor sets as sorted ranges', () => {
    expect(ranges([5, 0, 1, 2, 7, 6, 9])).toEqual([
      [0, 2],
      [5, 7],
      [9, 9],
    ]);
    expect(ranges([])).toEqual([]);
  });
});

describe('renderGantt', () => {
  // A two-slot gang round on 4 processors with a 5 s quantum: job 1 (0–1) and job 2 (2–3) in
  // slot 0, job 3 (0–3) in slot 1; job 2 leaves at 12.5, mid-slot.
  const seg = (job: number, from: number, to: number, a: number, b: number): Segment => ({
    job,
    from,
    to,
    processors: [[a, b]],
    began: 'resume',
  });
  const round = [
    seg(1, 0, 5, 0, 1),
    seg(2, 0, 5, 2, 3),
    seg(3, 5, 10, 0, 3),
    seg(1, 10, 15, 0, 1),
    seg(2, 10, 12.5, 2, 3),
  ];

  it('draws the scheduling matrix: slots down, processors across, a legend of job ids', () => {
    expect(renderGantt(round, 4, { from: 0, to: 20, step: 5 })).toBe(
      [
        "processors 0–3 across, 5 s per row from 0 s; '.' idle",
        ' 0 │AABB',
        ' 5 │CCCC',
        '10 │AABB',
        '15 │....',
        'jobs: A=1 B=2 C=3',
      ].join('\n'),
    );
  });

  it('gives a cell to the job that held it longest in the row, "+" on a tie', () => {
    const text = renderGantt(
      [seg(1, 0, 3, 0, 0), seg(2, 3, 10, 0, 0), seg(3, 0, 5, 1, 1), seg(4, 5, 10, 1, 1)],
      2,
      {
        from: 0,
        to: 10,
        step: 10,
      },
    );
    expect(text.split('\n')[1]).toBe('0 │A+');
    expect(text).toContain('jobs: A=2');
  });

  it('shows blocks of processors per column on a machine wider than 128', () => {
    const text = renderGantt([seg(9, 0, 5, 0, 255)], 512, { from: 0, step: 5 });
    const lines = text.split('\n');
    expect(lines[0]).toContain('(4 per column)');
    expect(lines[1]).toBe(`  0 │${'A'.repeat(64)}${'.'.repeat(64)}`);
    // 40 rows by default.
    expect(lines.filter((l) => l.includes('│'))).toHaveLength(40);
  });

  it('keeps only segments that overlap the window', () => {
    const keep = inWindow({ from: 10, to: 20, step: 5 });
    expect(round.filter(keep).map((s) => s.job)).toEqual([1, 2]);
  });
});

describe('parseGanttWindow', () => {
  it('reads FROM:TO with either end left out', () => {
    expect(parseGanttWindow('100:200', 5)).toEqual({ from: 100, to: 200, step: 5 });
    expect(parseGanttWindow(':60', 2)).toEqual({ from: 0, to: 60, step: 2 });
    expect(parseGanttWindow('30:', 5)).toEqual({ from: 30, to: undefined, step: 5 });
    expect(parseGanttWindow(true, 5)).toEqual({ from: 0, step: 5 });
  });

  it('refuses a malformed or empty window by option', () => {
    expect(() => parseGanttWindow('abc', 5)).toThrow(/--gantt abc: expected FROM:TO/);
    expect(() => parseGanttWindow('50:10', 5)).toThrow(/TO must be after FROM/);
  });
});
