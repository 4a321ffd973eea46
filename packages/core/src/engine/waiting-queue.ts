import type { JobView } from './job-view.ts';
import type { SimJob } from './sim-job.ts';

/** Above this many departures in one round, rebuilding the shown array beats finding each one. */
const FEW = 8;
const POSITIONS = new Int32Array(FEW);

/**
 * A discipline's waiting jobs in arrival order. The engine's truth is a list linked through the
 * jobs themselves: a job that starts is unlinked at once, so nothing keeps a departed job alive.
 * The array the discipline reads is its own: brought up to date at its first read in each round
 * (jobs that left removed, arrivals appended), so indices stay stable while it decides and a
 * started job keeps its place until the next round (its `state` tells). The engine never reads
 * that array back, so whatever a discipline does to it changes nothing but its own view, and a
 * change in its length is undone.
 */
export class WaitingQueue {
  #first: SimJob | null = null;
  #last: SimJob | null = null;
  /** Jobs waiting now. */
  live = 0;
  readonly #shown: JobView[] = [];
  /** Arrivals and departures since the shown array was last brought up to date. */
  readonly #arrived: JobView[] = [];
  #arrivedCount = 0;
  readonly #left: JobView[] = [];
  #leftCount = 0;
  #updatedIn = -1;
  /** `#updatedIn` when {@link tidy} last brought the array up to date: unchanged, nobody read it since. */
  #tidiedAt = -1;
  /** Not kept up to date (nobody read it): rebuilt from the list at the next read. */
  #stale = false;

  arrive(job: SimJob): void {
    job.waitingPrev = this.#last;
    job.waitingNext = null;
    if (this.#last) this.#last.waitingNext = job;
    else this.#first = job;
    this.#last = job;
    this.live++;
    this.#arrived[this.#arrivedCount++] = job.view;
  }

  /** A waiting job started (or was placed): it no longer waits. */
  left(job: SimJob): void {
    const { waitingPrev: prev, waitingNext: next } = job;
    if (prev) prev.waitingNext = next;
    else this.#first = next;
    if (next) next.waitingPrev = prev;
    else this.#last = prev;
    job.waitingPrev = job.waitingNext = null;
    this.live--;
    this.#left[this.#leftCount++] = job.view;
  }

  /** The oldest job still waiting, if any (for the backfilled flag). */
  oldest(): SimJob | null {
    return this.#first;
  }

  /** Every job still waiting, oldest first. */
  *waiting(): IterableIterator<SimJob> {
    for (let job = this.#first; job; job = job.waitingNext) yield job;
  }

  /** The queue as the discipline sees it in `round`: the same array, updated once per round. */
  snapshot(round: number): readonly JobView[] {
    if (this.#updatedIn !== round || this.#stale) {
      this.#update();
      this.#updatedIn = round;
    }
    return this.#shown;
  }

  /**
   * After a round: apply departures once they are many, so a queue nobody reads stays small. If
   * nobody read it since the last time, stop keeping it until someone does (a discipline with a
   * queue of its own never reads it): the buffers are emptied and the array rebuilt at a read.
   */
  tidy(): void {
    if (this.#leftCount <= 64 || this.#leftCount * 2 <= this.#shown.length) return;
    if (!this.#stale && this.#updatedIn !== this.#tidiedAt) {
      this.#update();
      this.#tidiedAt = this.#updatedIn;
      return;
    }
    this.#stale = true;
    this.#shown.length = 0;
    for (let i = 0; i < this.#arrivedCount; i++) this.#arrived[i] = undefined as unknown as JobView;
    for (let i = 0; i < this.#leftCount; i++) this.#left[i] = undefined as unknown as JobView;
    this.#leftCount = 0;
    this.#arrivedCount = 0;
  }

  #update(): void {
    const shown = this.#shown;
    const left = this.#leftCount;
    const removed = !this.#stale && (left === 0 || (left <= FEW && removeEach(shown, this.#left, left)));
    this.#stale = false;
    if (removed) for (let i = 0; i < this.#arrivedCount; i++) shown.push(this.#arrived[i]!);
    // Forget the buffered jobs, so the buffers keep none of them alive.
    for (let i = 0; i < this.#arrivedCount; i++) this.#arrived[i] = undefined as unknown as JobView;
    for (let i = 0; i < left; i++) this.#left[i] = undefined as unknown as JobView;
    this.#leftCount = 0;
    this.#arrivedCount = 0;
    // Many left, or the discipline changed its array (pushed, popped, spliced): show the truth.
    if (!removed || shown.length !== this.live) {
      shown.length = 0;
      for (let job = this.#first; job; job = job.waitingNext) shown.push(job.view);
    }
  }
}

/**
 * Remove the first `count` of `gone` from `list` by identity: pointer comparisons and moves only,
 * no job is read. False when one is missing or named twice (the discipline changed its array):
 * the caller then rebuilds the list.
 */
function removeEach(list: JobView[], gone: readonly JobView[], count: number): boolean {
  if (count === 1) {
    const at = list.indexOf(gone[0]!);
    if (at < 0) return false;
    for (let i = at + 1; i < list.length; i++) list[i - 1] = list[i]!;
    list.pop();
    return true;
  }
  // Positions in ascending order (insertion sort: there are at most FEW), then one pass closes the gaps.
  const at = POSITIONS;
  for (let k = 0; k < count; k++) {
    const p = list.indexOf(gone[k]!);
    if (p < 0) return false;
    let i = k;
    while (i > 0 && at[i - 1]! > p) {
      at[i] = at[i - 1]!;
      i--;
    }
    if (i > 0 && at[i - 1] === p) return false;
    at[i] = p;
  }
  let write = at[0]!;
  for (let k = 0; k < count; k++) {
    const to = k + 1 < count ? at[k + 1]! : list.length;
    for (let read = at[k]! + 1; read < to; read++) list[write++] = list[read]!;
  }
  list.length = write;
  return true;
}
