import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue.ts';

describe('EventQueue', () => {
  it('pops by time, then priority, then push order, as a sorted list does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ time: fc.integer({ min: 0, max: 20 }), priority: fc.integer({ min: 0, max: 2 }) }),
            fc.constant('pop' as const),
          ),
          { maxLength: 300 },
        ),
        (steps) => {
          const queue = new EventQueue();
          const reference: { time: number; priority: number; seq: number }[] = [];
          let seq = 0;
          for (const step of steps) {
            if (step === 'pop') {
              if (reference.length === 0) continue;
              reference.sort((a, b) => a.time - b.time || a.priority - b.priority || a.seq - b.seq);
              const expected = reference.shift()!;
              expect(queue.peekTime()).toBe(expected.time);
              queue.pop();
              expect([queue.time, queue.subject]).toEqual([expected.time, expected.seq]);
            } else {
              // Halves make ties in time rarer than ties in whole seconds, and both occur.
              const time = step.time / 2;
              reference.push({ time, priority: step.priority, seq });
              queue.push(time, step.priority, 0, seq++, 0);
            }
            expect(queue.size).toBe(reference.length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
