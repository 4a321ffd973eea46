import type { Job } from '@js/core';
import type { MachineSpec } from '@js/machine';

/**
 * Leinberger et al., seed 001 §1, Figure 1: six queued jobs on 16 CPUs / 32 GB, all of the same
 * runtime, so each scheduling epoch is one time unit and the makespan counts the epochs (FCFS 4,
 * FCFS/FF 3, UNC 2). The job vectors (CPUs / GB) are derived from the table's P/M per epoch:
 * FCFS {0,1} 12/06, {2} 07/16, {3,4} 12/32, {5} 01/10; FCFS/FF {0,1,4,5} 14/28, {2} 07/16,
 * {3} 11/20; UNC {0,2,4} and {1,3,5}, both 16/32.
 */
export const figure1 = {
  machine: { nodes: 16, resources: [{ name: 'memory', capacity: 32 }] } satisfies MachineSpec,
  jobs: [
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
  ),
} as const;

/** The jobs started in each epoch of a schedule (by start time), each epoch's in id order. */
export function epochs(schedule: readonly { readonly id: number; readonly start: number }[]): number[][] {
  const byStart = new Map<number, number[]>();
  for (const { id, start } of schedule) byStart.set(start, [...(byStart.get(start) ?? []), id]);
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, ids]) => ids.sort((a, b) => a - b));
}
