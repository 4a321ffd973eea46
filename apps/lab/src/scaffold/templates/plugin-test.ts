import type { PluginNames } from '../names.ts';

/**
 * The plugin's tests: the invariant property schedlab runs over every registered discipline
 * (loop over the plugin's registry, random machines and job streams from `@js/core/testing`,
 * no invariant broken, every job finished), and hand-built schedules of the generated policy.
 */
export function pluginTestSource(names: PluginNames): string {
  const d = names.identifier;
  return `import { type Job, Registry } from '@js/core';
import { arbScenario, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import plugin from './index';
import { ${d} } from './${names.discipline}';

// Every discipline the plugin registers, as \`schedlab --plugin\` would see them.
const disciplines = new Registry([plugin]).disciplines().map((d) => d.definition);

/** A shrunk counter-example prints as the machine and the job list, one job per line. */
const show = (s: { machine: unknown; jobs: Job[] }) =>
  \`machine \${JSON.stringify(s.machine)}\\n\${s.jobs.map((j) => JSON.stringify(j)).join('\\n')}\`;

describe.each(disciplines)('$name keeps every engine invariant', (discipline) => {
  it('random machines with up to 2 named resources, rigid jobs', async () => {
    await fc.assert(
      fc.asyncProperty(arbScenario({ maxProcessors: 16, maxResources: 2 }, { maxJobs: 25 }), async (s) => {
        const run = await checkRun(discipline, s.machine, s.jobs);
        expect(run.violations, show(s)).toEqual([]);
        expect(run.result.status, show(s)).toBe('completed');
        expect(run.schedule, show(s)).toHaveLength(s.jobs.length);
      }),
      { numRuns: 200 },
    );
  });

  it('malleable jobs, unknown or too-short estimates, nodes of CPUs and cores', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario(
          { maxProcessors: 16, maxResources: 1, topology: true },
          { maxJobs: 20, estimates: 'any', malleable: true },
        ),
        async (s) => {
          const run = await checkRun(discipline, s.machine, s.jobs);
          expect(run.violations, show(s)).toEqual([]);
          expect(run.schedule, show(s)).toHaveLength(s.jobs.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('${names.discipline}', () => {
  // 4 processors; job 2 (all 4) waits for job 1 (3 of them); job 3 (1) fits beside job 1.
  const jobs: Job[] = [
    { id: 1, submit: 0, size: 3, runtime: 10, estimate: 10 },
    { id: 2, submit: 1, size: 4, runtime: 5, estimate: 5 },
    { id: 3, submit: 2, size: 1, runtime: 4, estimate: 4 },
  ];
  const starts = (run: Awaited<ReturnType<typeof checkRun>>) => run.schedule.map((s) => [s.id, s.start]);

  it('backfills a job that fits past a head that does not', async () => {
    const run = await checkRun(${d}, { nodes: 4 }, jobs);
    expect(starts(run)).toEqual([
      [1, 0],
      [2, 10],
      [3, 2],
    ]);
  });

  it('lets nobody pass a head that has waited headWaitLimit (0: plain FCFS)', async () => {
    const run = await checkRun(${d}, { nodes: 4 }, jobs, { options: { headWaitLimit: 0 } });
    expect(starts(run)).toEqual([
      [1, 0],
      [2, 10],
      [3, 15],
    ]);
  });
});
`;
}
