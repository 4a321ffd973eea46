import { fitsWithin } from '@js/machine';

/** If `demand` fits in `free` (by the ledger's rule), take it and say yes. */
export function takeIfFree(
  demand: ArrayLike<number>,
  free: Float64Array,
  capacities: ArrayLike<number>,
): boolean {
  if (!fitsWithin(demand, free, capacities)) return false;
  for (let r = 0; r < demand.length; r++) free[r] = free[r]! - demand[r]!;
  return true;
}
