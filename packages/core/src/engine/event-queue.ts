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
 * (a job-table entry or timer entry) and a token. A job's event that an operation supersedes is
 * taken out at once ({@link EventQueue.cancel}): a gang job suspended and resumed every quantum
 * would otherwise leave one stale completion per round in the heap until its time came, and the
 * heap would grow with jobs × rounds. Arrivals never enter it: they come in submit order, one read
 * ahead, and the engine merges that one with the heap by the same order.
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
  /** pos[cell] = its node in the heap, -1 while the cell is free. */
  #pos = new Int32Array(1024).fill(-1);
  #free: number[] = [];
  #cells = 0;
  #size = 0;
  #seq = 0;

  get size(): number {
    return this.#size;
  }

  /** Add an event; returns its cell, by which {@link cancel} can take it out again. */
  push(time: number, priority: number, kind: number, subject: number, token: number): number {
    const cell = this.#free.length ? this.#free.pop()! : this.#newCell();
    this.#time[cell] = time;
    this.#order[cell] = priority * ORDER_SPAN + this.#seq++;
    this.#kind[cell] = kind;
    this.#subject[cell] = subject;
    this.#token[cell] = token;
    this.#siftUp(cell, this.#size++);
    return cell;
  }

  /**
   * Take out a job's event (a completion, kill or end of overhead) in `cell` if it is still there
   * and still carries `token`. A cell popped or cancelled before may hold another event by now:
   * another job's carries another token (job tokens are unique over a run), and a timer's, whose
   * token is its own id and may coincide, is never taken out here.
   */
  cancel(cell: number, token: number): void {
    const i = this.#pos[cell]!;
    if (i < 0 || this.#token[cell] !== token || this.#kind[cell]! > EventKind.OverheadEnd) return;
    this.#pos[cell] = -1;
    this.#free.push(cell);
    const last = this.#heap[--this.#size]!;
    if (last === cell) return;
    // The last node fills the hole: it may belong above it or below it.
    const parent = (i - 1) >> 1;
    if (i > 0 && this.#before(last, this.#heap[parent]!)) this.#siftUp(last, i);
    else this.#siftDown(last, i);
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
    const top = this.#heap[0]!;
    this.kind = this.#kind[top]!;
    this.subject = this.#subject[top]!;
    this.token = this.#token[top]!;
    this.time = this.#time[top]!;
    this.#pos[top] = -1;
    this.#free.push(top);
    const last = this.#heap[--this.#size]!;
    if (this.#size > 0) this.#siftDown(last, 0);
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

  /** Whether event `a` comes before event `b`: by time, then by priority and push order. */
  #before(a: number, b: number): boolean {
    const ta = this.#time[a]!;
    const tb = this.#time[b]!;
    return ta < tb || (ta === tb && this.#order[a]! < this.#order[b]!);
  }

  /** Place `cell` at node `i` or above: it rises past every parent it precedes. */
  #siftUp(cell: number, i: number): void {
    const heap = this.#heap;
    const pos = this.#pos;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const up = heap[parent]!;
      if (!this.#before(cell, up)) break;
      heap[i] = up;
      pos[up] = i;
      i = parent;
    }
    heap[i] = cell;
    pos[cell] = i;
  }

  /** Place `cell` at node `i` or below: each step takes the child first in (time, order). */
  #siftDown(cell: number, i: number): void {
    const heap = this.#heap;
    const pos = this.#pos;
    const n = this.#size;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let c = heap[child]!;
      if (child + 1 < n) {
        const r = heap[child + 1]!;
        if (this.#before(r, c)) {
          child++;
          c = r;
        }
      }
      if (!this.#before(c, cell)) break;
      heap[i] = c;
      pos[c] = i;
      i = child;
    }
    heap[i] = cell;
    pos[cell] = i;
  }

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
      const pos = new Int32Array(this.#pos.length * 2).fill(-1);
      pos.set(this.#pos);
      this.#pos = pos;
    }
    return this.#cells++;
  }
}
