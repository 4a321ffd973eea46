/**
 * The subset-sum step of the ADSUBSET disciplines (Parsons & Sevcik 1997, seed 000 §5.1,
 * LSF-RTC-ADSUBSET, after Martello & Toth 1990): from the leftover jobs, each with its minimum
 * processor count, choose those whose minimums fit in the `free` processors and leave the fewest
 * *surplus* processors (free − Σ minimums). Exact, by dynamic programming over processor counts
 * (machines have at most a few thousand processors). Among subsets with the least surplus the one
 * that takes the earliest jobs wins: job 0 if any best subset has it, then job 1, and so on.
 * Returns the chosen indices in increasing order.
 */
export function minimiseSurplus(minimums: readonly number[], free: number): number[] {
  const n = minimums.length;
  const capacity = Math.max(0, Math.floor(free));
  // reach[i][c]: some subset of jobs i…n−1 has minimums summing to exactly c.
  const reach: Uint8Array[] = new Array(n + 1);
  reach[n] = new Uint8Array(capacity + 1);
  reach[n]![0] = 1;
  for (let i = n - 1; i >= 0; i--) {
    const next = reach[i + 1]!;
    const row = Uint8Array.from(next);
    const m = minimums[i]!;
    if (Number.isInteger(m) && m > 0) for (let c = m; c <= capacity; c++) if (next[c - m]) row[c] = 1;
    reach[i] = row;
  }
  let target = capacity;
  while (!reach[0]![target]) target--;
  // Walk forward taking each job whenever the rest can still make up the target.
  const chosen: number[] = [];
  for (let i = 0; i < n && target > 0; i++) {
    const m = minimums[i]!;
    if (Number.isInteger(m) && m > 0 && m <= target && reach[i + 1]![target - m]) {
      chosen.push(i);
      target -= m;
    }
  }
  return chosen;
}
