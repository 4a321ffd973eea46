import { hasBit } from './policy/footprint.ts';

/**
 * The subset-sum step of the ADSUBSET disciplines (Parsons & Sevcik 1997, seed 000 §5.1,
 * LSF-RTC-ADSUBSET, after Martello & Toth 1990): from the leftover jobs, each with its minimum
 * processor count, choose those whose minimums fit in the `free` processors and leave the fewest
 * *surplus* processors (free − Σ minimums). Exact, by dynamic programming over processor counts
 * (machines have up to some thousands of processors: a job costs one pass over the counts as bit
 * sets). Among subsets with the least surplus the one that takes the earliest jobs wins: job 0 if
 * any best subset has it, then job 1, and so on. Returns the chosen indices in increasing order.
 */
export function minimiseSurplus(minimums: readonly number[], free: number): number[] {
  const n = minimums.length;
  const counts = (m: number) => Number.isInteger(m) && m > 0;
  // No subset sums past all the minimums together, so no more free processors need a count (and
  // an unbounded `free` is bounded).
  const total = minimums.reduce((sum, m) => (counts(m) ? sum + m : sum), 0);
  const capacity = Math.min(Math.max(0, Math.floor(free)) || 0, total);
  const usable = (m: number) => counts(m) && m <= capacity;
  // reach[i] has bit c set when some subset of jobs i…n−1 has minimums summing to exactly c
  // (c ≤ capacity): bit sets, 32 sums to a word, so a job costs capacity / 32 word operations.
  const reach: Uint32Array[] = new Array(n + 1);
  reach[n] = new Uint32Array((capacity >>> 5) + 1);
  reach[n]![0] = 1;
  for (let i = n - 1; i >= 0; i--) {
    const m = minimums[i]!;
    reach[i] = usable(m) ? orShifted(reach[i + 1]!, m) : reach[i + 1]!;
  }
  let target = largest(reach[0]!, capacity);
  // Walk forward taking each job whenever the rest can still make up the target.
  const chosen: number[] = [];
  for (let i = 0; i < n && target > 0; i++) {
    const m = minimums[i]!;
    if (usable(m) && m <= target && hasBit(reach[i + 1]!, target - m)) {
      chosen.push(i);
      target -= m;
    }
  }
  return chosen;
}

/** The largest sum in `bits` up to `capacity` (the empty sum, 0, is always there). */
function largest(bits: Uint32Array, capacity: number): number {
  let w = capacity >>> 5;
  const top = capacity & 31;
  let word = bits[w]! & (top === 31 ? -1 : (1 << (top + 1)) - 1);
  while (word === 0) word = bits[--w]!;
  return w * 32 + 31 - Math.clz32(word);
}

/**
 * `bits` together with every sum in it raised by `m` (sums past the last word are dropped; those
 * above the capacity within it are never read, as sums only grow).
 */
function orShifted(bits: Uint32Array, m: number): Uint32Array {
  const row = Uint32Array.from(bits);
  const words = m >>> 5;
  const shift = m & 31;
  for (let w = row.length - 1; w >= words; w--) {
    const from = w - words;
    let v = bits[from]! << shift;
    // (A shift by 32 is a shift by 0 in JavaScript: a whole-word move carries nothing over.)
    if (shift > 0 && from > 0) v |= bits[from - 1]! >>> (32 - shift);
    row[w]! |= v;
  }
  return row;
}
