import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProcessorSet } from './processor-set.ts';

describe('ProcessorSet', () => {
  it('finds the lowest members across word boundaries', () => {
    const s = new ProcessorSet(70, true);
    for (const p of [0, 1, 2, 33, 64]) s.delete(p);
    expect(Array.from(s.lowest(3))).toEqual([3, 4, 5]);
    expect(s.size).toBe(65);
    expect(Array.from(new ProcessorSet(70).lowest(2))).toEqual([]);
  });

  it('first() is the lowest member, -1 when empty', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 100 }), (bits) => {
        const s = new ProcessorSet(bits.length);
        bits.forEach((b, p) => b && s.add(p));
        expect(s.first()).toBe(bits.indexOf(true));
      }),
    );
  });

  it('finds the first (aligned) run of consecutive members, as a brute force does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 16 }),
        fc.constantFrom(1, 2, 4, 8),
        (bits, length, align) => {
          const s = new ProcessorSet(bits.length);
          bits.forEach((b, p) => b && s.add(p));
          let expected = -1;
          for (let start = 0; start + length <= bits.length && expected < 0; start += align) {
            if (bits.slice(start, start + length).every(Boolean)) expected = start;
          }
          expect(s.firstRun(length, align)).toBe(expected);
        },
      ),
    );
  });

  it('addAll and deleteAll leave the members and size that adding or deleting one by one would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 100 }),
        fc.array(fc.record({ add: fc.boolean(), ps: fc.array(fc.nat(), { maxLength: 40 }) }), {
          maxLength: 6,
        }),
        (bits, steps) => {
          const [bulk, single] = [new ProcessorSet(bits.length), new ProcessorSet(bits.length)];
          for (const [p, b] of bits.entries()) {
            if (!b) continue;
            bulk.add(p);
            single.add(p);
          }
          for (const { add, ps } of steps) {
            // Any order, repeats included: runs within a word, and words revisited.
            const ids = ps.map((p) => p % bits.length);
            if (add) bulk.addAll(ids);
            else bulk.deleteAll(ids);
            for (const p of ids) {
              if (add) single.add(p);
              else single.delete(p);
            }
            expect(bulk.size).toBe(single.size);
            expect(Array.from(bulk.lowest(bits.length))).toEqual(Array.from(single.lowest(bits.length)));
          }
        },
      ),
    );
  });
});
