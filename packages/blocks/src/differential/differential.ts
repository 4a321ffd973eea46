import type { Bounds, equipartition } from '../equipartition/equipartition.ts';

/** What differential allocation needs of a job: its bounds and its execution time on p processors. */
export interface Differentiable extends Bounds {
  /** Seconds the job would take on `p` processors; DIF gives the next processor to the job whose time drops most. */
  executionTime(p: number): number;
}

/**
 * Differential allocation, DIF (Anastasiadis & Sevcik 1997, §3, after Sevcik 1994). Jobs (in
 * priority order) are admitted while their minimums fit, as in {@link equipartition}; each
 * admitted job gets its minimum, then the processors left go one at a time to the job whose
 * execution time falls most with one more, T(p) − T(p + 1), within its maximum (ties to the
 * earlier job). A processor that would shorten no job is left free. For convex T this minimises
 * Σ T(p) over the allocations within the bounds. Returns one count per job (0 = not admitted).
 */
export function differentialAllocation(jobs: readonly Differentiable[], processors: number): number[] {
  const counts = new Array<number>(jobs.length).fill(0);
  let left = processors;
  let admitted = 0;
  while (admitted < jobs.length && jobs[admitted]!.minSize <= left) {
    counts[admitted] = jobs[admitted]!.minSize;
    left -= counts[admitted]!;
    admitted++;
  }
  const heap = new GainHeap();
  const offer = (i: number): void => {
    const job = jobs[i]!;
    const p = counts[i]!;
    if (p >= job.maxSize) return;
    const gain = job.executionTime(p) - job.executionTime(p + 1);
    if (gain > 0) heap.push(gain, i);
  };
  for (let i = 0; i < admitted; i++) offer(i);
  while (left > 0 && heap.size > 0) {
    const i = heap.pop();
    counts[i]!++;
    left--;
    offer(i);
  }
  return counts;
}

/** A max-heap of (gain, job index), ties to the lower index: the job that gains most comes first. */
class GainHeap {
  readonly #gain: number[] = [];
  readonly #index: number[] = [];

  get size(): number {
    return this.#gain.length;
  }

  push(gain: number, index: number): void {
    let i = this.#gain.length;
    this.#gain.push(gain);
    this.#index.push(index);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#before(i, parent)) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  /** Remove the first entry; returns its job index. */
  pop(): number {
    const top = this.#index[0]!;
    const lastGain = this.#gain.pop()!;
    const lastIndex = this.#index.pop()!;
    const n = this.#gain.length;
    if (n > 0) {
      this.#gain[0] = lastGain;
      this.#index[0] = lastIndex;
      let i = 0;
      for (;;) {
        let first = i;
        for (const child of [2 * i + 1, 2 * i + 2])
          if (child < n && this.#before(child, first)) first = child;
        if (first === i) break;
        this.#swap(i, first);
        i = first;
      }
    }
    return top;
  }

  #before(a: number, b: number): boolean {
    const ga = this.#gain[a]!;
    const gb = this.#gain[b]!;
    return ga > gb || (ga === gb && this.#index[a]! < this.#index[b]!);
  }

  #swap(a: number, b: number): void {
    [this.#gain[a], this.#gain[b]] = [this.#gain[b]!, this.#gain[a]!];
    [this.#index[a], this.#index[b]] = [this.#index[b]!, this.#index[a]!];
  }
}
