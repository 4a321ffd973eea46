import type { JobView, SchedulingContext } from '@js/core';
import { type Machine, RESOURCE_TOLERANCE } from '@js/machine';
import type { BackfillChoice } from './easy-backfill.ts';

/** Fractions of capacity closer than this are equal (the ledger's own tolerance). */
const SAME = RESOURCE_TOLERANCE;

/**
 * The resources the balancing heuristics count, each as a fraction of its capacity (Leinberger et
 * al., seed 001 §2.2): U_d, the share of resource d in use now, and R_d, a job's share of it. The
 * named resources come first, in machine order, then processors if they count (see
 * `easy-balanced.ts` for when).
 */
export class ResourceBalance {
  /** K: how many resources count. */
  readonly count: number;
  /** U_d, as last observed. */
  readonly utilisation: Float64Array;
  /** R_d of the job last measured. */
  readonly requirement: Float64Array;
  readonly #capacities: readonly number[];
  readonly #processors: boolean;
  /** Processors this discipline owns, as last observed. */
  #processorCount = 1;

  constructor(machine: Machine, processors: boolean) {
    this.#capacities = machine.capacities;
    this.#processors = processors || machine.capacities.length === 0;
    this.count = this.#capacities.length + (this.#processors ? 1 : 0);
    this.utilisation = new Float64Array(this.count);
    this.requirement = new Float64Array(this.count);
  }

  observe(ctx: SchedulingContext): void {
    const capacities = this.#capacities;
    const u = this.utilisation;
    for (let r = 0; r < capacities.length; r++)
      u[r] = (capacities[r]! - ctx.machine.free(r)) / capacities[r]!;
    if (this.#processors) {
      const p = ctx.machine.processors;
      this.#processorCount = p;
      u[capacities.length] = (p - ctx.machine.idleProcessors) / p;
    }
  }

  /**
   * Fill `requirement` with the job's R_d and return the average of U_d + R_d over the K
   * resources: the share of the machine in use if the job starts.
   */
  measure(job: JobView): number {
    const capacities = this.#capacities;
    const req = this.requirement;
    const u = this.utilisation;
    let sum = 0;
    for (let r = 0; r < capacities.length; r++) {
      req[r] = job.demand[r]! / capacities[r]!;
      sum += u[r]! + req[r]!;
    }
    if (this.#processors) {
      const d = capacities.length;
      req[d] = job.size / this.#processorCount;
      sum += u[d]! + req[d]!;
    }
    return sum / this.count;
  }
}

/**
 * How the fullness modifier combines with a cost (see `easy-balanced.ts` for both readings):
 * `'score'` multiplies the cost by it, `'imbalance'` only the cost's excess over a perfect
 * balance, `false` leaves the cost alone.
 */
export type Fullness = false | 'score' | 'imbalance';

/** The fullness modifier: what stays available if the job starts, 0 when (within tolerance) full. */
function availability(used: number): number {
  const a = 1 - used;
  return a > SAME ? a : 0;
}

/**
 * A candidate's score from its cost (≥ 1, 1 = perfectly balanced or matched) and `used`, the
 * average share of the K resources in use if it starts. Lower wins.
 */
export function fullnessScore(cost: number, used: number, fullness: Fullness): number {
  if (fullness === false) return cost;
  const a = availability(used);
  return fullness === 'score' ? cost * a : 1 + (cost - 1) * a;
}

/**
 * Backfill Balanced: cost max_d(U_d + R_d) / avg_d(U_d + R_d), modified by the availability left
 * as `fullness` says.
 */
export function backfillBalanced(balance: ResourceBalance, fullness: Fullness): BackfillChoice {
  return {
    observe: (ctx) => balance.observe(ctx),
    cost(job) {
      const used = balance.measure(job);
      const u = balance.utilisation;
      const req = balance.requirement;
      let max = 0;
      for (let d = 0; d < balance.count; d++) max = Math.max(max, u[d]! + req[d]!);
      // Nothing in use and nothing asked: perfectly balanced.
      const cost = used > 0 ? max / used : 1;
      return fullnessScore(cost, used, fullness);
    },
  };
}

/**
 * Backfill Lowest with window w: cost 1 if the job's w largest requirements are the w
 * least-utilised resources, else 2 (`strict`: a job that does not match may not backfill);
 * modified by the availability left as `fullness` says.
 */
export function backfillLowest(
  balance: ResourceBalance,
  window: number,
  fullness: Fullness,
  strict: boolean,
): BackfillChoice {
  const k = balance.count;
  const w = Math.min(window, k);
  const scratch = new Float64Array(k);
  /** The w-th least utilisation: the w least-utilised resources are those below it, plus ties. */
  let lowCut = 0;
  return {
    observe(ctx) {
      balance.observe(ctx);
      scratch.set(balance.utilisation);
      scratch.sort();
      lowCut = scratch[w - 1]!;
    },
    cost(job) {
      const used = balance.measure(job);
      const match = matches(balance.utilisation, balance.requirement, lowCut, w, scratch);
      if (!match && strict) return Number.POSITIVE_INFINITY;
      return fullnessScore(match ? 1 : 2, used, fullness);
    },
  };
}

/**
 * Whether some choice among tied values makes the w least-utilised resources the same set as
 * the w largest requirements. Below the w-th least utilisation a resource is surely among the
 * w least utilised, at it maybe (ties), above it not; likewise above, at or below the w-th
 * largest requirement. A common set of size w exists iff every resource sure on one side is
 * possible on the other, at most w are sure, and at least w are possible on both.
 */
function matches(
  u: Float64Array,
  req: Float64Array,
  lowCut: number,
  w: number,
  scratch: Float64Array,
): boolean {
  const k = u.length;
  scratch.set(req);
  scratch.sort();
  const highCut = scratch[k - w]!;
  let sure = 0;
  let possible = 0;
  for (let d = 0; d < k; d++) {
    const low = u[d]! <= lowCut + SAME;
    const high = req[d]! >= highCut - SAME;
    if (u[d]! < lowCut - SAME || req[d]! > highCut + SAME) {
      if (!(low && high)) return false;
      sure++;
    }
    if (low && high) possible++;
  }
  return sure <= w && possible >= w;
}
