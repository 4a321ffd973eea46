import type { JobView } from '@js/core';

/** Slots a fresh index holds; it doubles when more than half its slots are live at a compaction. */
const INITIAL = 64;

/**
 * The waiting jobs in arrival order, over a min-tree of their sizes and estimates, so a backfill
 * scan visits only the subtrees holding a job that might fit: with hundreds of jobs waiting and
 * few processors idle, most are skipped a subtree at a time instead of one by one.
 *
 * Slot numbers are arrival order and stay put while jobs leave (a left slot holds +Infinity);
 * they change only when {@link add} runs out of room and compacts, so between the arrivals at the
 * start of a round and the next round they are stable.
 */
export class WaitingIndex {
  /** The job in each slot; `undefined` once it left. Read-only outside this class. */
  jobs: (JobView | undefined)[] = [];
  /** Slots used so far: every live job is below this. */
  end = 0;
  /** Leaves at `capacity + slot`, node `v` the minimum of `2v` and `2v + 1`. */
  #size = new Float64Array(2 * INITIAL).fill(Number.POSITIVE_INFINITY);
  #estimate = new Float64Array(2 * INITIAL).fill(Number.POSITIVE_INFINITY);
  #capacity = INITIAL;

  /** Append a job that has just arrived (the newest waiting). */
  add(job: JobView): void {
    if (this.end === this.#capacity) this.#compact();
    const slot = this.end++;
    this.jobs[slot] = job;
    this.#set(slot, job.size, job.estimate);
  }

  /** The job in `slot` left the queue. */
  remove(slot: number): void {
    this.jobs[slot] = undefined;
    this.#set(slot, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
  }

  /** The first slot at or after `from` holding a job, or -1. */
  nextLive(from: number): number {
    return this.next(from, Number.MAX_VALUE, Number.MAX_VALUE, 0, 0);
  }

  /**
   * The first slot at or after `from` whose job might backfill: needing at most `idle`
   * processors, and at most `extra` or ending by `shadow` when started `now` (the same sum as the
   * caller's test, so nothing that passes it is skipped). Or -1. A subtree is entered when its
   * least size and least estimate pass, though they may belong to different jobs; a leaf's pass
   * is exact. Resources other than processors are the caller's to test.
   */
  next(from: number, idle: number, extra: number, now: number, shadow: number): number {
    if (from >= this.end) return -1;
    const size = this.#size;
    const estimate = this.#estimate;
    const capacity = this.#capacity;
    let v = capacity + from;
    for (;;) {
      const s = size[v]!;
      if (s <= idle && (s <= extra || now + estimate[v]! <= shadow)) {
        if (v >= capacity) return v - capacity;
        v <<= 1; // the left child next; if it fails, its right sibling
        continue;
      }
      // Nothing here: on to the next subtree to the right.
      while (v & 1) v >>= 1;
      if (v === 0) return -1;
      v++;
    }
  }

  #set(slot: number, s: number, e: number): void {
    const size = this.#size;
    const estimate = this.#estimate;
    let v = this.#capacity + slot;
    size[v] = s;
    estimate[v] = e;
    for (v >>= 1; v > 0; v >>= 1) {
      const l = 2 * v;
      size[v] = Math.min(size[l]!, size[l + 1]!);
      estimate[v] = Math.min(estimate[l]!, estimate[l + 1]!);
    }
  }

  /** Close the gaps left by departed jobs (growing if over half full), keeping arrival order. */
  #compact(): void {
    const live = this.jobs.filter((job): job is JobView => job !== undefined);
    const capacity = live.length * 2 > this.#capacity ? this.#capacity * 2 : this.#capacity;
    this.#capacity = capacity;
    this.#size = new Float64Array(2 * capacity).fill(Number.POSITIVE_INFINITY);
    this.#estimate = new Float64Array(2 * capacity).fill(Number.POSITIVE_INFINITY);
    this.jobs = live;
    this.end = live.length;
    for (let slot = 0; slot < live.length; slot++) {
      this.#size[capacity + slot] = live[slot]!.size;
      this.#estimate[capacity + slot] = live[slot]!.estimate;
    }
    for (let v = capacity - 1; v > 0; v--) {
      this.#size[v] = Math.min(this.#size[2 * v]!, this.#size[2 * v + 1]!);
      this.#estimate[v] = Math.min(this.#estimate[2 * v]!, this.#estimate[2 * v + 1]!);
    }
  }
}
