import type { JobView } from './job-view.ts';

/** Above this many departures in one go, rebuilding the shown array beats finding each one. */
const FEW = 8;

/**
 * A discipline's waiting jobs in arrival order. The engine's truth is an insertion-ordered set;
 * the array the discipline reads is its own: brought up to date at its first read in each round
 * (jobs that left are removed, arrivals appended), so indices stay stable while it decides and a
 * started job keeps its place until the next round (its `state` tells). The engine never reads
 * that array back, so whatever a discipline does to it changes nothing but its own view.
 */
export class WaitingQueue {
  readonly #waiting = new Set<JobView>();
  readonly #shown: JobView[] = [];
  readonly #arrived: JobView[] = [];
  readonly #left: JobView[] = [];
  #updatedIn = -1;

  /** Jobs waiting now. */
  get live(): number {
    return this.#waiting.size;
  }

  arrive(job: JobView): void {
    this.#waiting.add(job);
    this.#arrived.push(job);
  }

  /** A waiting job started (or was placed): it no longer waits. */
  left(job: JobView): void {
    this.#waiting.delete(job);
    this.#left.push(job);
  }

  /** The queue as the discipline sees it in `round`: the same array, updated once per round. */
  snapshot(round: number): readonly JobView[] {
    if (this.#updatedIn !== round) {
      this.#update();
      this.#updatedIn = round;
    }
    return this.#shown;
  }

  /** After a round: apply departures once they are many, so a queue nobody reads stays small. */
  tidy(): void {
    if (this.#left.length > 64 && this.#left.length * 2 > this.#shown.length) this.#update();
  }

  /** The oldest job still waiting, if any (for the backfilled flag). */
  oldest(): JobView | undefined {
    for (const job of this.#waiting) return job;
    return undefined;
  }

  /** Every job still waiting, oldest first. */
  waiting(): JobView[] {
    return [...this.#waiting];
  }

  #update(): void {
    const shown = this.#shown;
    const left = this.#left;
    const arrived = this.#arrived;
    const removed = left.length === 0 || (left.length <= FEW && removeEach(shown, left));
    if (removed) for (let i = 0; i < arrived.length; i++) shown.push(arrived[i]!);
    left.length = 0;
    arrived.length = 0;
    // Many left, or the discipline changed its array (pushed, popped, spliced): show the truth.
    if (!removed || shown.length !== this.#waiting.size) {
      shown.length = 0;
      for (const job of this.#waiting) shown.push(job);
    }
  }
}

/**
 * Remove each of `gone` from `list` by identity (pointer comparisons and moves only: no job is
 * read). False when one is missing or named twice (the discipline changed its array): the
 * caller then rebuilds the list.
 */
function removeEach(list: JobView[], gone: readonly JobView[]): boolean {
  const at: number[] = [];
  for (const job of gone) {
    let i = 0;
    while (i < list.length && list[i] !== job) i++;
    if (i === list.length) return false;
    at.push(i);
  }
  at.sort((a, b) => a - b);
  let write = at[0]!;
  for (let k = 0; k < at.length; k++) {
    if (k + 1 < at.length && at[k + 1] === at[k]) return false;
    const to = k + 1 < at.length ? at[k + 1]! : list.length;
    for (let read = at[k]! + 1; read < to; read++) list[write++] = list[read]!;
  }
  list.length = write;
  return true;
}
