import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdIndex } from './id-index.ts';

describe('IdIndex', () => {
  it('answers as a Map would through any run of sets and deletes', () => {
    // Ids from a small range collide and wrap around the table; large ones exercise the hash.
    const id = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 0x7fffffff }));
    const step = fc.oneof(
      fc.record({ op: fc.constant('set' as const), id }),
      fc.record({ op: fc.constant('delete' as const), id }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 300 }), (steps) => {
        const index = new IdIndex();
        const model = new Map<number, number>();
        steps.forEach(({ op, id }, entry) => {
          if (op === 'set' && !model.has(id)) {
            index.set(id, entry);
            model.set(id, entry);
          } else if (op === 'delete') {
            index.delete(id);
            model.delete(id);
          }
          expect(index.size).toBe(model.size);
        });
        for (const { id } of steps) expect(index.get(id)).toBe(model.get(id) ?? -1);
      }),
      { numRuns: 500 },
    );
  });
});
