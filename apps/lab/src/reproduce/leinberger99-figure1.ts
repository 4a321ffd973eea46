import { simulate } from '@js/core';
import { epochs, figure1 } from '@js/disciplines-backfill';
import { Machine } from '@js/machine';
import { renderTable } from '../output/table.ts';
import type { ReproduceOptions } from './paper.ts';

/** Figure 1's scheduling epochs: the jobs each scheme starts in each epoch (the paper's table beside). */
const figure1Paper = {
  fcfs: [[0, 1], [2], [3, 4], [5]],
  'fcfs-ff': [[0, 1, 4, 5], [2], [3]],
  unc: [
    [0, 2, 4],
    [1, 3, 5],
  ],
} as const;
export type Figure1 = Record<keyof typeof figure1Paper, number[][]>;

export async function figure1Epochs(o: ReproduceOptions): Promise<Figure1> {
  const machine = new Machine(figure1.machine);
  const result = {} as Figure1;
  for (const name of Object.keys(figure1Paper) as (keyof typeof figure1Paper)[]) {
    const started: { id: number; start: number }[] = [];
    await simulate(figure1.jobs, {
      machine,
      discipline: o.settings.registry.discipline(name),
      observers: [{ jobEnded: (e) => started.push({ id: e.job.id, start: e.start }) }],
    });
    result[name] = epochs(started);
  }
  return result;
}

export function figure1Text(ours: Figure1): string {
  const show = (table: readonly (readonly number[])[]) => table.map((e) => `{${e.join(',')}}`).join(' ');
  return [
    'Figure 1: six jobs of equal runtime on 16 CPUs / 32 GB, the jobs started in each epoch',
    renderTable(
      ['scheme', 'epochs', 'ours', 'paper'],
      (Object.keys(figure1Paper) as (keyof typeof figure1Paper)[]).map((name) => [
        name,
        ours[name].length,
        show(ours[name]),
        show(figure1Paper[name]),
      ]),
    ),
  ].join('\n');
}
