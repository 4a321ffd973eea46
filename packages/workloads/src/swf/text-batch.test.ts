import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextBatch } from './text-batch.ts';

const written = (values: readonly number[], capacity = 8): string => {
  const batch = new TextBatch(capacity);
  values.forEach((v, i) => {
    if (i > 0) batch.byte(0x20);
    batch.number(v);
  });
  return batch.take().toString('latin1');
};

describe('TextBatch', () => {
  it('writes every number exactly as String() does (integers of every size, decimals, -0)', () => {
    const value = fc.oneof(
      fc.integer({ min: -1, max: 2_000_000_000 }),
      fc.integer(),
      fc.maxSafeInteger(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -0, 9, 10, 99, 100, 1e15 - 1, 1e15, -(1e15 - 1), 2 ** 53, 1e21, 0.1, -1),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 30 }), (values) => {
        expect(written(values)).toBe(values.map(String).join(' '));
      }),
      { numRuns: 2000 },
    );
  });

  it('grows past its capacity, and a batch taken is not touched by later writes', () => {
    const batch = new TextBatch(4);
    batch.text('; a long header line');
    const first = batch.take();
    batch.number(123456789);
    expect(first.toString()).toBe('; a long header line');
    expect(batch.take().toString()).toBe('123456789');
  });

  it('truncate forgets a half-written line', () => {
    const batch = new TextBatch(64);
    batch.number(1);
    const at = batch.length;
    batch.byte(0x20);
    batch.number(2);
    batch.truncate(at);
    batch.byte(0x0a);
    expect(batch.take().toString()).toBe('1\n');
  });
});
