/** Tolerance for fractional resource amounts (the engine's ledger uses the same). */
const EPS = 1e-9;

/** demand ≤ available for every resource. */
export function fitsWithin(demand: ArrayLike<number>, available: ArrayLike<number>): boolean {
  for (let r = 0; r < demand.length; r++) if (demand[r]! > available[r]! + EPS) return false;
  return true;
}
