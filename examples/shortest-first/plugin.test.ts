import { fileURLToPath } from 'node:url';
import { Registry } from '@js/core';
import { arbScenario, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortestFirst } from './plugin.ts';

describe('the README’s example plugin', () => {
  it('keeps every engine invariant (a few lines with the testing kit)', async () => {
    await fc.assert(
      fc.asyncProperty(arbScenario({ maxProcessors: 16, maxResources: 1 }), async ({ machine, jobs }) => {
        const run = await checkRun(shortestFirst, machine, jobs);
        expect(run.violations).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('runs the shortest waiting job first', async () => {
    const jobs = [
      { id: 1, submit: 0, size: 2, runtime: 10, estimate: 10 },
      { id: 2, submit: 1, size: 2, runtime: 30, estimate: 30 },
      { id: 3, submit: 2, size: 2, runtime: 5, estimate: 5 },
    ];
    const run = await checkRun(shortestFirst, { nodes: 2 }, jobs);
    expect(run.schedule.map((s) => [s.id, s.start])).toEqual([
      [1, 0],
      [2, 15],
      [3, 10],
    ]);
  });

  it('loads by path through the registry, as `--plugin` does', async () => {
    const registry = new Registry();
    await registry.load(fileURLToPath(new URL('./plugin.ts', import.meta.url)));
    expect(registry.discipline('shortest-first').summary).toMatch(/shortest/);
  });
});
