/** A later run of a repeated job, waiting for its submit time. */
export interface PendingRun {
  readonly submit: number;
  /** Tie-break: order of scheduling, so equal submit times come out first-in-first-out. */
  readonly sequence: number;
  readonly size: number;
  readonly runtime: number;
  readonly thinkTime: number;
  /** Id of the run it follows (SWF field 17, preceding job number). */
  readonly precedingJob: number;
  /** Runs still to come after this one. */
  readonly remaining: number;
}

const before = (a: PendingRun, b: PendingRun): boolean =>
  a.submit < b.submit || (a.submit === b.submit && a.sequence < b.sequence);

/** Binary min-heap of pending runs by (submit, sequence). */
export class PendingRuns {
  readonly #heap: PendingRun[] = [];

  get size(): number {
    return this.#heap.length;
  }

  peek(): PendingRun | undefined {
    return this.#heap[0];
  }

  push(run: PendingRun): void {
    const heap = this.#heap;
    let i = heap.push(run) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(run, heap[parent]!)) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = run;
  }

  pop(): PendingRun | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && before(heap[right]!, heap[left]!) ? right : left;
      if (!before(heap[child]!, last)) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
