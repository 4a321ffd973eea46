import type { Job } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenBatches } from './batches.ts';

const job = (id: number): Job => ({ id, submit: id, size: 1, runtime: 1, estimate: 1 });

describe('flattenBatches', () => {
  it('takeBuffered hands out what next() would, in order, and nothing it would not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.nat(50), { maxLength: 6 }), { maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        fc.boolean(),
        async (batches, buffered, dropOdd) => {
          const expected = batches.flat().filter((id) => !dropOdd || id % 2 === 0);
          let at = 0;
          const jobs = flattenBatches(
            async () => (at < batches.length ? batches[at++]!.map(job) : undefined),
            dropOdd ? (j) => (j.id % 2 === 0 ? j : undefined) : undefined,
          );
          // Read with a mix of the two ways, as the engine does: buffered when it can, else awaited.
          const seen: number[] = [];
          for (let i = 0; ; i++) {
            const held = buffered[i % buffered.length] ? jobs.takeBuffered() : undefined;
            if (held !== undefined) {
              seen.push(held.id);
              continue;
            }
            const next = await jobs.next();
            if (next.done) break;
            seen.push(next.value.id);
          }
          expect(seen).toEqual(expected);
          expect(jobs.takeBuffered()).toBeUndefined();
        },
      ),
    );
  });

  it('holds nothing once the first batch is not read yet, or after return()', async () => {
    const jobs = flattenBatches(async () => [job(1), job(2)]);
    expect(jobs.takeBuffered()).toBeUndefined();
    expect((await jobs.next()).value).toMatchObject({ id: 1 });
    expect(jobs.takeBuffered()).toMatchObject({ id: 2 });
    expect((await jobs.next()).value).toMatchObject({ id: 1 });
    await jobs.return?.();
    expect(jobs.takeBuffered()).toBeUndefined();
  });
});
