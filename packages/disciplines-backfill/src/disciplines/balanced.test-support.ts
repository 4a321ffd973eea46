import type { Job } from '@js/core';

/** A job submitted at 0 whose estimate is its runtime, asking `memory` and `disk` besides its processors. */
export const job = (id: number, size: number, runtime: number, memory: number, disk: number): Job => ({
  id,
  submit: 0,
  size,
  runtime,
  estimate: runtime,
  resources: { memory, disk },
});

/** One job's place in a schedule. */
export const at = (id: number, start: number, end: number, processors: number) => ({
  id,
  start,
  end,
  processors,
});

/** 10 processors and `capacity` each of memory and disk. */
export const memoryAndDisk = (capacity: number) => ({
  nodes: 10,
  resources: [
    { name: 'memory', capacity },
    { name: 'disk', capacity },
  ],
});

/**
 * On `memoryAndDisk(10)`, processors counted: job 1 (4 procs, 4 memory, 2 disk) runs until 10, so
 * U = (.4, .2, .4) and disk is least utilised; head job 2 (8 memory) is reserved at 10; jobs 3
 * (R .2, .3, .1) and 5 (0, .5, .2) have disk as their largest requirement, job 4 (.5, 0, .1) not.
 */
export const diskLeastUsed: readonly Job[] = [
  job(1, 4, 10, 4, 2),
  job(2, 1, 10, 8, 0),
  job(3, 1, 5, 2, 3),
  job(4, 1, 5, 5, 0),
  job(5, 2, 5, 0, 5),
];
