/**
 * The one rule for "does this amount fit": the ledger, the engine and every discipline that
 * reasons about free resources use it, so a plan a discipline thinks fits is one the ledger
 * accepts.
 */

/**
 * Tolerance for fractional resource amounts, relative to the resource's capacity: an amount
 * fits if it exceeds what is free by at most `RESOURCE_TOLERANCE × capacity`.
 */
export const RESOURCE_TOLERANCE = 1e-9;

/** Whether `amount` of a resource with capacity `capacity` fits in `free` of it. */
export function fitsAmount(amount: number, free: number, capacity: number): boolean {
  // Written as "not over" so that a NaN amount fits as it always has (it is rejected upstream).
  return !(amount > free + RESOURCE_TOLERANCE * capacity);
}

/**
 * Whether `demand[r]` fits in `free[offset + r]` for every resource r (see {@link fitsAmount}).
 * `offset` lets a caller test one row of a strided table of free amounts.
 */
export function fitsWithin(
  demand: ArrayLike<number>,
  free: ArrayLike<number>,
  capacities: ArrayLike<number>,
  offset = 0,
): boolean {
  for (let r = 0; r < demand.length; r++) {
    if (!fitsAmount(demand[r]!, free[offset + r]!, capacities[r]!)) return false;
  }
  return true;
}
