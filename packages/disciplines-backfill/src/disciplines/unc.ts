import { defineDiscipline, type JobView, type MachineView } from '@js/core';
import { fitsWithin } from '@js/machine';
import * as z from 'zod';

/** Two packings whose amounts differ by less than this are a tie (queue order decides). */
const TIE = 1e-9;

/**
 * Unconstrained job allocation, UNC (Leinberger et al., seed 001 §1, Figure 1): at each decision
 * it may start *any* subset of the waiting jobs, not only a prefix (FCFS) or a first-fit scan
 * (FCFS/FF). It starts the subset that fits now and packs the most of the machine, counting each
 * job as its share of every resource, size / processors + Σ_r demand_r / capacity_r; among equal
 * packings, the subset that comes first in queue order (compared as sorted lists of positions).
 *
 * It is the paper's illustration of what free choice buys (Figure 1: two epochs where FCFS needs
 * four and FCFS/FF three), not a scheduler to compare on real workloads: it ignores fairness and
 * runtimes, and can starve any job. The search is exact (branch and bound) but only over the
 * first `window` waiting jobs (default 16, at most 24), so a decision visits at most 2^(window+1)
 * search nodes, far fewer in practice; jobs beyond the window wait, even when they would fit.
 */
export const unc = defineDiscipline({
  name: 'unc',
  summary:
    'unconstrained packing: start the subset of waiting jobs that fills the machine most (illustration)',
  source: 'Leinberger, Karypis & Kumar 1999, §1 and Figure 1 (UNC)',
  options: z
    .object({
      window: z
        .number()
        .int()
        .min(1)
        .max(24)
        .default(16)
        .describe('how many waiting jobs, from the head of the queue, the search may choose from'),
    })
    .strict(),
  create: ({ window }) => ({
    schedule(ctx) {
      if (ctx.machine.idleProcessors === 0) return;
      const candidates = ctx.jobs.pending.slice(0, window);
      for (const job of fullestPacking(ctx.machine, candidates)) ctx.start(job);
    },
  }),
});

/**
 * The subset of `jobs` that fits in what is free now and packs the most (see {@link unc}), by a
 * depth-first search that tries each job in, then out, in queue order. That order meets subsets
 * in lexicographic order, so keeping the first of equal packings keeps the one first in queue
 * order. A branch is cut when even every remaining job, or the whole of what is still free,
 * could not beat the best packing found.
 */
function fullestPacking(machine: MachineView, jobs: readonly JobView[]): JobView[] {
  const { capacities } = machine.spec;
  const free = Float64Array.from(capacities, (_, r) => machine.free(r));
  let idle = machine.idleProcessors;
  const share = jobs.map(
    (job) => job.size / machine.processors + capacities.reduce((s, c, r) => s + (job.demand[r] ?? 0) / c, 0),
  );
  /** Σ share of jobs i… : what the rest could add at most. */
  const rest = new Float64Array(jobs.length + 1);
  for (let i = jobs.length - 1; i >= 0; i--) rest[i] = rest[i + 1]! + share[i]!;
  /** Everything free now, as shares: no packing can exceed it. */
  const room = idle / machine.processors + capacities.reduce((s, c, r) => s + free[r]! / c, 0);

  const chosen: number[] = [];
  let best: number[] = [];
  let bestPacked = 0;
  const search = (i: number, packed: number): void => {
    if (packed > bestPacked + TIE) {
      bestPacked = packed;
      best = chosen.slice();
    }
    if (i === jobs.length || Math.min(packed + rest[i]!, room) <= bestPacked + TIE) return;
    const job = jobs[i]!;
    if (job.size <= idle && fitsWithin(job.demand, free, capacities)) {
      // Put back the very amounts taken: (a − b) + b need not be a in floating point.
      const before = free.slice();
      idle -= job.size;
      for (let r = 0; r < free.length; r++) free[r] = before[r]! - (job.demand[r] ?? 0);
      chosen.push(i);
      search(i + 1, packed + share[i]!);
      chosen.pop();
      free.set(before);
      idle += job.size;
    }
    search(i + 1, packed);
  };
  search(0, 0);
  return best.map((i) => jobs[i]!);
}
