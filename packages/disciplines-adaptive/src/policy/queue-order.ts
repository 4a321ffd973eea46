import type { JobView } from '@js/core';

/** The order in which waiting jobs are considered for activation. */
export type QueueOrder = (pending: readonly JobView[]) => readonly JobView[];

/** FIFO (ASP, AP1, AEP as first defined, §3.2): the engine keeps the queue in arrival order. */
export const firstInFirstOut: QueueOrder = (pending) => pending;

/**
 * Shortest Demand First (Anastasiadis & Sevcik 1997, §3.3): non-decreasing demand T(1), ties by
 * arrival. T(1) is the service demand, which a discipline sees only with `demand` knowledge;
 * without it the order is FIFO, so an SDF-ordered policy becomes its FIFO original (Table 2:
 * the level-1 policies are the ones that use T(1)).
 */
export const shortestDemandFirst: QueueOrder = (pending) => {
  if (pending.length < 2 || pending[0]!.work === undefined) return pending;
  const demand = new Map(pending.map((j) => [j, j.work!]));
  return [...pending].sort((a, b) => demand.get(a)! - demand.get(b)! || a.arrival - b.arrival);
};
