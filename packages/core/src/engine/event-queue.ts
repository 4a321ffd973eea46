/** Same-instant events apply in this order (`06`): completions and ends of overheads, arrivals, timers. */
export const Priority = { Completion: 0, Arrival: 1, Timer: 2 } as const;

export const EventKind = {
  /** A job's work is done. */
  Completion: 0,
  /** A job reached its estimate while the run kills jobs at their estimate. */
  Kill: 1,
  /** An operation's overhead is over (dispatch, suspend, resume, checkpoint, resize). */
  OverheadEnd: 2,
  Arrival: 3,
  Timer: 4,
  /** The end of a discipline's decision interval: held triggers are delivered. */
  Wake: 5,
} as const;

/** 2^44: sequence numbers stay below it, so `priority · ORDER_SPAN + sequence` orders both. */
const ORDER_SPAN = 17592186044416;

/**
 * The event queue: a binary min-heap ordered by (time, priority, sequence number), stored in
 * typed arrays so the hot path allocates nothing. Each event carries a small integer payload
 * (a job-table entry or timer entry) and a token; a stale event (its job's token moved on) is skipped
 * by the engine instead of being removed from the heap. Arrivals never enter it: they come in
 * submit order, one read ahead, and the engine merges that one with the heap by the same order.
 */
export class EventQueue {
  #time = new Float64Array(1024);
  /** priority · 2^44 + sequence: one number orders ties by priority, then FIFO. */
  #order = new Float64Array(1024);
  #kind = new Uint8Array(1024);
  #subject = new Int32Array(1024);
  #token = new Float64Array(1024);
  /** heap[i] = cell of the i-th heap node. */
  #heap = new Int32Array(1024);
  #free: number[] = [];
  #cells = 0;
  #size = 0;
  #seq = 0;

  get size(): number {
    return this.#size;
  }

  push(time: number, priority: number, kind: number, subject: number, token: number): void {
    const cell = this.#free.length ? this.#free.pop()! : this.#newCell();
    this.#time[cell] = time;
    this.#order[cell] = priority * ORDER_SPAN + this.#seq++;
    this.#kind[cell] = kind;
    this.#subject[cell] = subject;
    this.#token[cell] = token;
    let i = this.#size++;
    const heap = this.#heap;
    const times = this.#time;
    const orders = this.#order;
    const o = orders[cell]!;
    // Sift the new cell up: it rises past every parent it precedes in (time, order).
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const up = heap[parent]!;
      const tu = times[up]!;
      if (!(time < tu || (time === tu && o < orders[up]!))) break;
      heap[i] = up;
      i = parent;
    }
    heap[i] = cell;
  }

  /** Time of the next event (Infinity when empty). */
  peekTime(): number {
    return this.#size ? this.#time[this.#heap[0]!]! : Number.POSITIVE_INFINITY;
  }

  /** Read the next event's fields (`kind`/`subject`/`token`/`time`) without removing it. */
  peek(): void {
    const top = this.#heap[0]!;
    this.kind = this.#kind[top]!;
    this.subject = this.#subject[top]!;
    this.token = this.#token[top]!;
    this.time = this.#time[top]!;
  }

  /** Remove the next event; its fields are then readable through `kind`/`subject`/`token`/`time`. */
  pop(): void {
    const heap = this.#heap;
    const top = heap[0]!;
    this.kind = this.#kind[top]!;
    this.subject = this.#subject[top]!;
    this.token = this.#token[top]!;
    this.time = this.#time[top]!;
    this.#free.push(top);
    const last = heap[--this.#size]!;
    const times = this.#time;
    const orders = this.#order;
    const tl = times[last]!;
    const ol = orders[last]!;
    let i = 0;
    const n = this.#size;
    // Sift `last` down from the root: each step takes the child first in (time, order).
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let c = heap[child]!;
      let tc = times[c]!;
      if (child + 1 < n) {
        const r = heap[child + 1]!;
        const tr = times[r]!;
        if (tr < tc || (tr === tc && orders[r]! < orders[c]!)) {
          child++;
          c = r;
          tc = tr;
        }
      }
      if (!(tc < tl || (tc === tl && orders[c]! < ol))) break;
      heap[i] = c;
      i = child;
    }
    heap[i] = last;
  }

  /** Priority of the next event (call only when not empty). */
  peekPriority(): number {
    return Math.floor(this.#order[this.#heap[0]!]! / ORDER_SPAN);
  }

  /** Fields of the last popped event. */
  kind = 0;
  subject = 0;
  token = 0;
  time = 0;

  #newCell(): number {
    if (this.#cells === this.#time.length) {
      const grow = <T extends Float64Array | Uint8Array | Int32Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.#time = grow(this.#time);
      this.#order = grow(this.#order);
      this.#kind = grow(this.#kind);
      this.#subject = grow(this.#subject);
      this.#token = grow(this.#token);
      this.#heap = grow(this.#heap);
    }
    return this.#cells++;
  }
}
