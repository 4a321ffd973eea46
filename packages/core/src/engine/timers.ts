import type { TimerHandle } from './context.ts';

/**
 * Discipline timers by handle. A slot is freed when its timer fires or is cancelled, so storage
 * follows the live timers, not every timer ever set; a per-slot token makes a cancelled timer's
 * queued event stale.
 */
export class TimerTable {
  readonly #handles: (TimerHandle | undefined)[] = [];
  readonly #seats: number[] = [];
  readonly #free: number[] = [];
  #ids = 0;

  get live(): number {
    return this.#handles.length - this.#free.length;
  }

  /** A new timer for `seat`; returns its slot (the event payload) and handle. */
  add(at: number, tag: string, seat: number): { slot: number; handle: TimerHandle } {
    const slot = this.#free.length ? this.#free.pop()! : this.#handles.length;
    const handle = Object.freeze({ id: ++this.#ids, at, tag });
    this.#handles[slot] = handle;
    this.#seats[slot] = seat;
    return { slot, handle };
  }

  /** The timer in `slot` if its event is still live (`id` matches), removing it. */
  take(slot: number, id: number): { handle: TimerHandle; seat: number } | undefined {
    const handle = this.#handles[slot];
    if (!handle || handle.id !== id) return undefined;
    this.#release(slot);
    return { handle, seat: this.#seats[slot]! };
  }

  /** Cancel a live timer of `seat`; false when it already fired, was cancelled or is another's. */
  cancel(handle: TimerHandle, seat: number): boolean {
    const slot = this.#handles.indexOf(handle);
    if (slot < 0 || this.#seats[slot] !== seat) return false;
    this.#release(slot);
    return true;
  }

  #release(slot: number): void {
    this.#handles[slot] = undefined;
    this.#free.push(slot);
  }
}
