/** What equipartition needs of a job: the bounds of its processor count. */
export interface Bounds {
  readonly minSize: number;
  readonly maxSize: number;
}

/**
 * Split `processors` as equally as possible among `jobs` (in priority order), each between its
 * bounds. Jobs are admitted in order while their minimums fit; the admitted get the integer
 * *level* L — the largest with Σ clamp(L, min, max) ≤ processors — and the processors left over
 * go one each to the earliest jobs still below their maximum. Returns one count per job
 * (0 = not admitted).
 */
export function equipartition(jobs: readonly Bounds[], processors: number): number[] {
  const counts = new Array<number>(jobs.length).fill(0);
  let admitted = 0;
  let floor = 0;
  while (admitted < jobs.length && floor + jobs[admitted]!.minSize <= processors) {
    floor += jobs[admitted]!.minSize;
    admitted++;
  }
  const total = (level: number): number => {
    let sum = 0;
    for (let i = 0; i < admitted; i++) sum += Math.min(jobs[i]!.maxSize, Math.max(jobs[i]!.minSize, level));
    return sum;
  };
  let lo = 0;
  let hi = processors;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (total(mid) <= processors) lo = mid;
    else hi = mid - 1;
  }
  let left = processors - total(lo);
  for (let i = 0; i < admitted; i++) {
    const j = jobs[i]!;
    counts[i] = Math.min(j.maxSize, Math.max(j.minSize, lo));
    if (left > 0 && counts[i]! < j.maxSize && counts[i] === lo) {
      counts[i]!++;
      left--;
    }
  }
  return counts;
}
