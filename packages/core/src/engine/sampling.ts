import type { OccupancySample } from './observer.ts';
import type { World } from './world.ts';

/**
 * The occupancy sample after each instant's decisions. One object is refilled every time:
 * observers copy the values they keep.
 */
export class Sampler {
  readonly #inUse: Float64Array;
  readonly #sample: { -readonly [K in keyof OccupancySample]: OccupancySample[K] };

  constructor(private readonly w: World) {
    this.#inUse = new Float64Array(w.machine.resourceNames.length);
    this.#sample = {
      now: 0,
      busyProcessors: 0,
      resourcesInUse: this.#inUse,
      queued: 0,
      running: 0,
      preempted: 0,
    };
  }

  sample(): void {
    const { w } = this;
    if (!w.onSample.length) return;
    const free = w.ledger.free;
    const caps = w.machine.capacities;
    for (let r = 0; r < caps.length; r++) this.#inUse[r] = caps[r]! - free[r]!;
    const s = this.#sample;
    s.now = w.now;
    s.busyProcessors = w.machine.processors - w.ledger.idle.size;
    let queued = 0;
    let running = 0;
    let preempted = 0;
    for (const seat of w.seats) {
      queued += seat.queue.live;
      running += seat.running.size;
      preempted += seat.suspended.size + seat.checkpointed.size;
    }
    s.queued = queued;
    s.running = running;
    s.preempted = preempted;
    for (const f of w.onSample) f(s);
  }
}
