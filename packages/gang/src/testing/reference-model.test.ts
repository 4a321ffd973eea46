import { describe, expect, it } from 'vitest';
import { parseMatrix } from '../matrix/parse.ts';
import { ReferenceMatrix, watchMatrix } from './reference-model.ts';

const model = () => ReferenceMatrix.of(parseMatrix('A A B B\nC C . .\n. . . .'));

describe('ReferenceMatrix', () => {
  it('replays legal events', () => {
    const m = model();
    expect(m.apply({ kind: 'repack', shifts: [{ job: 'B', from: 0, to: 1 }] })).toBe('');
    expect(m.apply({ kind: 'extend', job: 'A', slot: 2 })).toBe('');
    expect(m.apply({ kind: 'relinquish', job: 'A', slot: 0 })).toBe('');
    expect(m.apply({ kind: 'place', job: 'D', start: 0, width: 4, size: 3, slot: 0 })).toBe('');
    expect(m.apply({ kind: 'depart', job: 'D', slots: [0] })).toBe('');
    expect(m.apply({ kind: 'deleteSlot', slot: 0 })).toBe('');
    expect(m.apply({ kind: 'addSlot', slot: 2 })).toBe('');
    expect(m.jobs.get('A')!.slots).toEqual(new Set([1]));
  });

  it('flags every kind of illegal event', () => {
    const cases = [
      [
        { kind: 'repack', shifts: [{ job: 'C', from: 1, to: 0 }] },
        'illegal shift of job C to slot 0: processor 0 in slot 0 already holds job A',
      ],
      [
        {
          kind: 'repack',
          shifts: [
            { job: 'A', from: 0, to: 2 },
            { job: 'C', from: 1, to: 2 },
          ],
        },
        'illegal shift of job C to slot 2: processor 0 in slot 2 already holds job A',
      ],
      [
        { kind: 'repack', shifts: [{ job: 'A', from: 1, to: 2 }] },
        'shift of job A out of slot 1, where it does not run',
      ],
      [
        { kind: 'place', job: 'D', start: 1, width: 2, size: 2, slot: 0 },
        'place of job D: processor 1 in slot 0 already holds job A',
      ],
      [
        { kind: 'place', job: 'A', start: 0, width: 1, size: 1, slot: 2 },
        'place of job A, which already exists',
      ],
      [{ kind: 'extend', job: 'A', slot: 1 }, 'extend of job A: processor 0 in slot 1 already holds job C'],
      [{ kind: 'relinquish', job: 'A', slot: 0 }, 'relinquish of the last slot of job A'],
      [{ kind: 'depart', job: 'A', slots: [0, 1] }, 'depart of job A from slots 0,1, it ran in 0'],
      [{ kind: 'deleteSlot', slot: 1 }, 'deleteSlot 1, which is not empty'],
      [{ kind: 'addSlot', slot: 0 }, 'addSlot reported slot 0, expected 3'],
    ] as const;
    for (const [event, why] of cases) {
      const m = model();
      const before = JSON.stringify(m.rows);
      expect(m.apply(event)).toBe(why);
      // A refused event is not replayed.
      if (event.kind === 'repack') expect(JSON.stringify(m.rows)).toBe(before);
    }
  });
});

describe('watchMatrix', () => {
  it('sees a matrix and its replay agree through legal changes', () => {
    const m = parseMatrix('A A B B\nC C . .');
    const watcher = watchMatrix(m);
    m.legalShift('B', 0, 1);
    m.depart('A');
    m.deleteSlot(0);
    expect(watcher.violations).toEqual([]);
    expect(watcher.compare()).toEqual([]);
    watcher.stop();
    m.addSlot();
    expect(watcher.compare()[0]).toMatch(/^cells differ from the event replay/);
  });

  it('notices a change the matrix did not report', () => {
    const m = parseMatrix('A A . .');
    const watcher = watchMatrix(m);
    watcher.model.apply({ kind: 'place', job: 'Z', start: 2, width: 2, size: 2, slot: 0 });
    expect(watcher.compare()).toEqual([
      'cells differ from the event replay:\nreplay:\nA A Z Z\nmatrix:\nA A . .',
      'the replay knows 2 jobs, the matrix 1',
      'job Z: replay has 2+2 in slots 0, matrix lacks it',
    ]);
  });
});
