import type { JobView } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReservationBook, type Waiting } from './reservation-book.ts';

/**
 * The book (a heap with lazy removal) against a plain list: after any sequence of entries,
 * removals (moved reservations), takings of what is due and clears, it answers alike. Few distinct
 * starts, so ties and dead entries at the top are common.
 */
type Op =
  | { kind: 'add'; job: number; at: number }
  | { kind: 'remove'; job: number }
  | { kind: 'takeDue'; now: number }
  | { kind: 'clear' };

const arbitraryOp: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('add' as const), job: fc.nat(30), at: fc.nat(12) }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), job: fc.nat(30) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('takeDue' as const), now: fc.nat(12) }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'clear' as const }), weight: 1 },
);

describe('ReservationBook against a plain list', () => {
  it('gives the same next starts and the same jobs due, in arrival order', () => {
    fc.assert(
      fc.property(fc.array(arbitraryOp, { maxLength: 150 }), fc.nat(12), (ops, probe) => {
        const book = new ReservationBook();
        const plain = new Set<Waiting>();
        /** Each job's current waiting record (a cleared book starts from fresh ones, as a rebuild does). */
        let jobs = new Map<number, Waiting>();
        const record = (id: number) => {
          let w = jobs.get(id);
          if (!w) jobs.set(id, (w = { job: { id } as JobView, seq: id, at: undefined, ticket: -1 }));
          return w;
        };
        for (const op of ops) {
          if (op.kind === 'add') {
            const w = record(op.job);
            if (plain.has(w)) continue;
            w.at = op.at;
            book.add(w);
            plain.add(w);
          } else if (op.kind === 'remove') {
            const w = record(op.job);
            if (!plain.has(w)) {
              expect(() => book.remove(w, w.at ?? -1)).toThrow(/not entered/);
              continue;
            }
            book.remove(w, w.at!);
            plain.delete(w);
          } else if (op.kind === 'takeDue') {
            const due = [...plain].filter((w) => w.at! <= op.now).sort((a, b) => a.seq - b.seq);
            for (const w of due) plain.delete(w);
            expect(book.takeDue(op.now).map((w) => w.seq)).toEqual(due.map((w) => w.seq));
          } else {
            book.clear();
            plain.clear();
            jobs = new Map();
          }
          const ats = [...plain].map((w) => w.at!);
          expect(book.next()).toBe(Math.min(Number.POSITIVE_INFINITY, ...ats));
          const later = ats.filter((at) => at > probe);
          expect(book.nextAfter(probe)).toBe(Math.min(Number.POSITIVE_INFINITY, ...later));
        }
      }),
      { numRuns: 400 },
    );
  });
});
