import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { epochs, figure1 as figure1Example } from '../illustration/figure1.ts';
import { fcfs } from './fcfs.ts';
import { fcfsFirstFit } from './fcfs-ff.ts';
import { unc } from './unc.ts';

const { machine, jobs: figure1 } = figure1Example;

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
