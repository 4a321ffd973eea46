import type { Job } from '@js/core';
import { checkRun, type ScheduledJob } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { fcfs } from './fcfs.ts';
import { fcfsFirstFit } from './fcfs-ff.ts';
import { unc } from './unc.ts';

/**
 * Leinberger et al., seed 001 §1, Figure 1: six queued jobs on 16 CPUs / 32 GB, all of the same
 * runtime, so each scheduling epoch is one time unit and the makespan counts the epochs. The job
 * vectors (CPUs / GB) are derived from the table's P/M per epoch: FCFS {0,1} 12/06, {2} 07/16,
 * {3,4} 12/32, {5} 01/10; FCFS/FF {0,1,4,5} 14/28, {2} 07/16, {3} 11/20; UNC {0,2,4} and
 * {1,3,5}, both 16/32.
 */
const machine = { nodes: 16, resources: [{ name: 'memory', capacity: 32 }] };
const figure1 = [
  [8, 4],
  [4, 2],
  [7, 16],
  [11, 20],
  [1, 12],
  [1, 10],
].map(
  ([size, memory], id): Job => ({
    id,
    submit: 0,
    size: size!,
    runtime: 1,
    estimate: 1,
    resources: { memory: memory! },
  }),
);

/** The jobs started in each epoch (by start time), in id order. */
const epochs = (schedule: readonly ScheduledJob[]): number[][] => {
  const byStart = new Map<number, number[]>();
  for (const { id, start } of schedule) byStart.set(start, [...(byStart.get(start) ?? []), id]);
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, ids]) => ids.sort((a, b) => a - b));
};

describe('Figure 1 of Leinberger et al.: scheduling epochs on 16 CPUs / 32 GB', () => {
  it.each([
    { discipline: fcfs, table: [[0, 1], [2], [3, 4], [5]] },
    { discipline: fcfsFirstFit, table: [[0, 1, 4, 5], [2], [3]] },
    {
      discipline: unc,
      table: [
        [0, 2, 4],
        [1, 3, 5],
      ],
    },
  ])(
    '$discipline.name needs $table.length epochs, starting the jobs of the table',
    async ({ discipline, table }) => {
      const run = await checkRun(discipline, machine, figure1);
      expect(run.violations).toEqual([]);
      expect(epochs(run.schedule)).toEqual(table);
      expect(Math.max(...run.schedule.map((j) => j.end))).toBe(table.length);
    },
  );

  it('unc: of two equal packings it takes the one first in queue order', async () => {
    // The queue reversed and renumbered: new job i is the paper's job 5 − i. The paper's {1, 3, 5}
    // is now {0, 2, 4}, first in queue order, so it goes first.
    const reversed = figure1.map((job, i) => ({ ...figure1[5 - i]!, id: job.id }));
    const run = await checkRun(unc, machine, reversed);
    expect(run.violations).toEqual([]);
    expect(epochs(run.schedule)).toEqual([
      [0, 2, 4],
      [1, 3, 5],
    ]);
  });

  it('unc: jobs beyond the window wait, even when they fit', async () => {
    // window 2: epoch 0 chooses from {0, 1} only, although 4 and 5 fit beside them (FCFS/FF);
    // epoch 1 from {2, 3}, which do not fit together: 3 packs more (11/16 + 20/32).
    const run = await checkRun(unc, machine, figure1, { options: { window: 2 } });
    expect(run.violations).toEqual([]);
    expect(epochs(run.schedule)).toEqual([[0, 1], [3], [2, 4], [5]]);
  });
});
