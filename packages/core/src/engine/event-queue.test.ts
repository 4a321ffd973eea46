import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventKind, EventQueue } from './event-queue.ts';

describe('EventQueue', () => {
  it('pops by time, then priority, then push order, and takes out a cancelled event and nothing else, as a sorted list does', () => {
    type Step =
      | { op: 'push'; time: number; priority: number }
      | { op: 'pop' }
      | { op: 'cancel'; pick: number };
    // Pushes outweigh the rest so that the heap grows deep enough for a hole to need filling
    // from a subtree whose last node belongs above it.
    const step: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          op: fc.constant('push' as const),
          time: fc.integer({ min: 0, max: 40 }),
          priority: fc.integer({ min: 0, max: 2 }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('pop' as const) }) },
      // pick: which event ever pushed to cancel (popped and cancelled ones included: a no-op).
      { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }) },
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
        const queue = new EventQueue();
        const reference: { time: number; priority: number; seq: number }[] = [];
        const pushed: { cell: number; token: number; seq: number }[] = [];
        let seq = 0;
        for (const s of steps) {
          if (s.op === 'push') {
            const time = s.time / 2;
            reference.push({ time, priority: s.priority, seq });
            // Tokens are unique, as a run's are: a reused cell never matches an old token.
            pushed.push({ cell: queue.push(time, s.priority, 0, seq, 1000 + seq), token: 1000 + seq, seq });
            seq++;
          } else if (s.op === 'cancel') {
            if (pushed.length === 0) continue;
            const victim = pushed[s.pick % pushed.length]!;
            queue.cancel(victim.cell, victim.token);
            const at = reference.findIndex((e) => e.seq === victim.seq);
            if (at >= 0) reference.splice(at, 1);
          } else {
            if (reference.length === 0) continue;
            reference.sort((a, b) => a.time - b.time || a.priority - b.priority || a.seq - b.seq);
            const expected = reference.shift()!;
            expect(queue.peekTime()).toBe(expected.time);
            queue.pop();
            expect([queue.time, queue.subject]).toEqual([expected.time, expected.seq]);
          }
          expect(queue.size).toBe(reference.length);
        }
        // What is left comes out in order.
        reference.sort((a, b) => a.time - b.time || a.priority - b.priority || a.seq - b.seq);
        for (const expected of reference) {
          queue.pop();
          expect(queue.subject).toBe(expected.seq);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('fills a hole with a node that belongs above it by moving that node up', () => {
    // Heap by push: 0..3 (priority 1), then 4..6 (priority 0) rise past them. Cancelling event 1
    // leaves a hole under a priority-1 parent; the last node (priority 0) must rise into it, or
    // event 7 and the rest come out behind a priority-1 event.
    const queue = new EventQueue();
    const cells = [1, 1, 1, 1, 0, 0, 0].map((priority, seq) => queue.push(0, priority, 0, seq, seq));
    queue.cancel(cells[1]!, 1);
    queue.push(0, 0, 0, 7, 7);
    const order: number[] = [];
    while (queue.size > 0) {
      queue.pop();
      order.push(queue.subject);
    }
    expect(order).toEqual([4, 5, 6, 7, 0, 2, 3]);
  });

  it('keeps its order while it grows past its first arrays, with events taken out all along', () => {
    const queue = new EventQueue();
    const cells: number[] = [];
    // Times run backwards, so that every push rises to the top; every third event is cancelled.
    for (let i = 0; i < 3000; i++) cells.push(queue.push(3000 - i, 0, 0, i, i + 1));
    for (let i = 0; i < 3000; i += 3) queue.cancel(cells[i]!, i + 1);
    const out: number[] = [];
    while (queue.size > 0) {
      queue.pop();
      out.push(queue.subject);
    }
    const expected = Array.from({ length: 3000 }, (_, i) => 2999 - i).filter((i) => i % 3 !== 0);
    expect(out).toEqual(expected);
  });

  it('never takes out a timer, even one with the token asked for', () => {
    const queue = new EventQueue();
    const cell = queue.push(5, 2, EventKind.Timer, 0, 7);
    queue.cancel(cell, 7);
    expect(queue.size).toBe(1);
  });
});
