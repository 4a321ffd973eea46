import type { OccupancySample, PartitionOccupancy } from './observer.ts';
import type { World } from './world.ts';

/**
 * The occupancy sample after each instant's decisions. One object is refilled every time:
 * observers copy the values they keep. A partitioned run also gets each partition's levels.
 */
export class Sampler {
  readonly #inUse: Float64Array;
  readonly #sample: { -readonly [K in keyof OccupancySample]: OccupancySample[K] };
  readonly #partitions: { -readonly [K in keyof PartitionOccupancy]: PartitionOccupancy[K] }[];

  constructor(private readonly w: World) {
    this.#inUse = new Float64Array(w.machine.resourceNames.length);
    this.#partitions =
      w.seats.length > 1 || !w.seats[0]!.whole
        ? w.seats.map((seat) => ({
            name: seat.name,
            processors: seat.owned.length,
            busyProcessors: 0,
            queued: 0,
            running: 0,
            preempted: 0,
          }))
        : [];
    this.#sample = {
      now: 0,
      busyProcessors: 0,
      resourcesInUse: this.#inUse,
      queued: 0,
      running: 0,
      preempted: 0,
      partitions: this.#partitions,
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
      const part = this.#partitions[seat.index];
      if (part) {
        let busy = 0;
        for (const p of seat.owned) if (w.ledger.runningJob[p] !== -1) busy++;
        part.busyProcessors = busy;
        part.queued = seat.queue.live;
        part.running = seat.running.size;
        part.preempted = seat.suspended.size + seat.checkpointed.size;
      }
    }
    s.queued = queued;
    s.running = running;
    s.preempted = preempted;
    for (const f of w.onSample) f(s);
  }
}
