import type { Arrivals } from './arrivals.ts';
import { EventKind, Priority } from './event-queue.ts';
import { instantTolerance } from './physics.ts';
import type { World } from './world.ts';

/**
 * The events of one instant, gathered before any is applied: every event within the tolerance of
 * the first, the next job's arrival merged with the heap's events in the heap's order. Kept in
 * kind, subject and token columns that grow as needed and are reused from instant to instant.
 */
export class Instant {
  kind = new Uint8Array(64);
  subject = new Int32Array(64);
  token = new Float64Array(64);
  /** Events gathered. */
  size = 0;
  /** The instant's time. */
  time = 0;
  /** Whether `time` is an exact event's (an arrival's, a timer's). */
  #exact = false;
  /** Events up to this time belong to the instant. */
  #until = 0;
  /** Events taken from the heap and the source so far, stale timers included. */
  events = 0;

  constructor(
    private readonly w: World,
    private readonly arrivals: Arrivals,
  ) {}

  /**
   * Drop events at the front of the heap that went stale (a cancelled timer), so they cannot move
   * the clock; then the time of the next event (Infinity: none). A job's superseded event has been
   * taken out already; its token is checked here all the same.
   */
  next(): number {
    const { w } = this;
    const queue = w.queue;
    while (queue.size > 0) {
      queue.peek();
      const kind = queue.kind;
      const live =
        kind === EventKind.Arrival || kind === EventKind.Wake
          ? true
          : kind === EventKind.Timer
            ? w.timers.isLive(queue.subject, queue.token)
            : w.table[queue.subject]?.token === queue.token;
      if (live) break;
      queue.pop();
      this.events++;
    }
    return Math.min(queue.peekTime(), this.arrivals.aheadTime);
  }

  /** Open the instant that starts at `t`. */
  begin(t: number): void {
    this.size = 0;
    this.time = t;
    this.#exact = false;
    this.#until = t + instantTolerance(t);
  }

  /**
   * Gather the instant's events in order. Its time is that of an event set for an exact time (an
   * arrival, a timer), if any, rather than a computed completion that float rounding may have put
   * a hair early or late. Each arrival reads the next job, so one arriving at this instant joins
   * it; false when that needs an asynchronous read the source cannot serve from what it holds
   * (the caller awaits it, then calls again).
   */
  collect(): boolean {
    const queue = this.w.queue;
    const arrivals = this.arrivals;
    const until = this.#until;
    for (;;) {
      const arrival = arrivals.ahead >= 0 && arrivals.aheadTime <= until && this.#arrivalFirst();
      if (!arrival && !(queue.size > 0 && queue.peekTime() <= until)) return true;
      if (this.size === this.kind.length) this.#grow();
      this.events++;
      const i = this.size++;
      if (arrival) {
        if (!this.#exact) {
          this.#exact = true;
          this.time = arrivals.aheadTime;
        }
        this.kind[i] = EventKind.Arrival;
        this.subject[i] = arrivals.take();
        this.token[i] = 0;
        if (!arrivals.isAsync) arrivals.pullSync();
        else if (!arrivals.pullBuffered()) return false;
        continue;
      }
      queue.pop();
      const kind = queue.kind;
      this.kind[i] = kind;
      this.subject[i] = queue.subject;
      this.token[i] = queue.token;
      if (!this.#exact && kind >= EventKind.Arrival) {
        this.#exact = true;
        this.time = queue.time;
      }
    }
  }

  /**
   * Whether the job read ahead arrives before the heap's next event: arrivals follow completions
   * and ends of overheads of the same time, and precede its timers.
   */
  #arrivalFirst(): boolean {
    const queue = this.w.queue;
    if (queue.size === 0) return true;
    const next = queue.peekTime();
    const at = this.arrivals.aheadTime;
    return at < next || (at === next && queue.peekPriority() > Priority.Arrival);
  }

  #grow(): void {
    const n = this.kind.length * 2;
    const kind = new Uint8Array(n);
    kind.set(this.kind);
    const subject = new Int32Array(n);
    subject.set(this.subject);
    const token = new Float64Array(n);
    token.set(this.token);
    this.kind = kind;
    this.subject = subject;
    this.token = token;
  }
}
