import type { JobView } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReleaseOrder } from './release-order.ts';

/** Only `state` is read; the rest of a view does not matter here. */
const view = (id: number) => ({ id, state: 'running' }) as { id: number; state: string };

/** The blocks read in order, as the readers do. */
function flatten(order: ReleaseOrder): { ends: number[]; held: { id: number; state: string }[] } {
  const ends: number[] = [];
  const held: { id: number; state: string }[] = [];
  for (const block of order.blocks) {
    expect(block.jobs.length).toBeGreaterThan(0);
    expect(block.ends.length).toBe(block.jobs.length);
    ends.push(...block.ends);
    held.push(...(block.jobs as unknown as { id: number; state: string }[]));
  }
  return { ends, held };
}

describe('ReleaseOrder', () => {
  it('holds every running job in order of estimated end, and at most as many that left', () => {
    const step = fc.oneof(
      fc.record({ op: fc.constant('start' as const), end: fc.integer({ min: 0, max: 50 }) }),
      fc.record({ op: fc.constant('leave' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 600 }), fc.integer({ min: 1, max: 5 }), (steps, batch) => {
        const order = new ReleaseOrder();
        const running: { id: number; state: string; end: number }[] = [];
        let unreported = 0;
        steps.forEach((s, id) => {
          if (s.op === 'start') {
            const job = { ...view(id), end: s.end };
            running.push(job);
            order.add(job as unknown as JobView, s.end);
          } else if (running.length > 0) {
            const [job] = running.splice(s.pick % running.length, 1);
            job!.state = 'finished';
            // Departures are reported in batches, as rounds deliver them.
            if (++unreported === batch) {
              order.departed(unreported);
              unreported = 0;
            }
          }
          const { ends, held } = flatten(order);
          for (let k = 1; k < ends.length; k++) expect(ends[k - 1]!).toBeLessThanOrEqual(ends[k]!);
          expect(order.size).toBe(held.length);
          expect(held.filter((j) => j.state === 'running').map((j) => j.id)).toEqual(
            [...running].sort((a, b) => a.end - b.end || a.id - b.id).map((j) => j.id),
          );
          expect(held.length).toBeLessThanOrEqual(2 * running.length + unreported);
        });
      }),
      { seed: 20261126 },
    );
  });

  it('splits full blocks and keeps jobs of equal end in the order they started', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 200, maxLength: 1000 }), (ends) => {
        const order = new ReleaseOrder();
        ends.forEach((end, id) => order.add({ ...view(id), end } as unknown as JobView, end));
        const { held } = flatten(order);
        expect(order.blocks.length).toBeGreaterThan(1);
        expect(held.map((j) => j.id)).toEqual(
          ends
            .map((end, id) => ({ end, id }))
            .sort((a, b) => a.end - b.end || a.id - b.id)
            .map((j) => j.id),
        );
      }),
      { seed: 20261126 },
    );
  });
});
