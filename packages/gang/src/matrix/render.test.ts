import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GangError } from '../errors/gang-error.ts';
import { matrixArb } from '../testing/arbitraries.ts';
import { parseMatrix } from './parse.ts';
import { renderForError, renderMatrix } from './render.ts';
import { SchedulingMatrix } from './scheduling-matrix.ts';

describe('renderMatrix', () => {
  it('draws one row per slot, ids padded to the widest, "." for idle', () => {
    const m = new SchedulingMatrix(4, 2);
    m.place({ id: 7, start: 0, width: 2 }, 0);
    m.place({ id: 'J12', start: 2, width: 1 }, 1);
    expect(renderMatrix(m)).toBe('7   7   .   .\n.   .   J12 .');
    expect(renderMatrix(m, { slotLabels: true })).toBe('S0 | 7   7   .   .\nS1 | .   .   J12 .');
    expect(String(m)).toBe(renderMatrix(m));
  });

  it('says so when there are no slots', () => {
    expect(renderMatrix(new SchedulingMatrix(16))).toBe('(no slots; 16 processors)');
  });

  it('aligns slot labels from S10 on', () => {
    const m = new SchedulingMatrix(1, 11);
    expect(renderForError(m).split('\n').slice(9, 11)).toEqual(['S9  | .', 'S10 | .']);
  });
});

describe('parseMatrix', () => {
  it('reads back what renderMatrix draws, labels or not', () => {
    fc.assert(
      fc.property(matrixArb({ maxLog2: 4 }), fc.boolean(), (m, slotLabels) => {
        const copy = parseMatrix(renderMatrix(m, { slotLabels }));
        expect(renderMatrix(copy)).toBe(renderMatrix(m));
        for (const job of m.jobs()) {
          const read = copy.job(String(job.id))!;
          expect([read.start, read.width, [...read.slots].sort()]).toEqual([
            job.start,
            job.width,
            [...job.slots].sort(),
          ]);
        }
        expect(copy.wltm.equals(m.wltm) && copy.wlts.equals(m.wlts)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('turns a repeated id into extra slots of one job', () => {
    const m = parseMatrix('S0 | A A B .\n  S1 | A A . .  \n');
    expect(m.job('A')!.slots).toEqual([0, 1]);
    expect(m.toString()).toBe('A A B .\nA A . .');
  });

  it('refuses drawings that are not a scheduling matrix', () => {
    const code = (text: string) => {
      try {
        parseMatrix(text);
        return 'parsed';
      } catch (e) {
        return (e as GangError).code;
      }
    };
    expect(code('')).toBe('PARSE_ERROR');
    expect(code('A A A')).toBe('PARSE_ERROR');
    expect(code('A A . .\nA .')).toBe('PARSE_ERROR');
    expect(code('A . A .')).toBe('PARSE_ERROR');
    expect(code('A A . .\n. A A .')).toBe('PARSE_ERROR');
    expect(code('(no slots; 8 processors)')).toBe('parsed');
    expect(parseMatrix('(no slots; 8 processors)').processors).toBe(8);
  });
});
