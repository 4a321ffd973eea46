import type { TimerHandle } from './context.ts';

/**
 * Discipline timers by handle. A entry is freed when its timer fires or is cancelled, so storage
 * follows the live timers, not every timer ever set; a per-entry token makes a cancelled timer's
 * queued event stale.
 */
export class TimerTable {
  readonly #handles: (TimerHandle | undefined)[] = [];
  readonly #seats: number[] = [];
  readonly #free: number[] = [];
  #ids = 0;

  /** A new timer for `seat`; returns its entry (the event payload) and handle. */
  add(at: number, tag: string, seat: number): { entry: number; handle: TimerHandle } {
    const entry = this.#free.length ? this.#free.pop()! : this.#handles.length;
    const handle = Object.freeze({ id: ++this.#ids, at, tag });
    this.#handles[entry] = handle;
    this.#seats[entry] = seat;
    return { entry, handle };
  }

  /** The timer in `entry` if its event is still live (`id` matches), removing it. */
  take(entry: number, id: number): { handle: TimerHandle; seat: number } | undefined {
    const handle = this.#handles[entry];
    if (!handle || handle.id !== id) return undefined;
    this.#release(entry);
    return { handle, seat: this.#seats[entry]! };
  }

  /** Whether the timer in `entry` with `id` is still set. */
  isLive(entry: number, id: number): boolean {
    return this.#handles[entry]?.id === id;
  }

  /** Cancel a live timer of `seat`; false when it already fired, was cancelled or is another's. */
  cancel(handle: TimerHandle, seat: number): boolean {
    const entry = this.#handles.indexOf(handle);
    if (entry < 0 || this.#seats[entry] !== seat) return false;
    this.#release(entry);
    return true;
  }

  #release(entry: number): void {
    this.#handles[entry] = undefined;
    this.#free.push(entry);
  }
}
