import { ReleaseOrder } from '@js/blocks';
import type { JobView, SchedulingContext } from '@js/core';
import { fitsWithin } from '@js/machine';

/** EASY's reservation for the queue head: its shadow time and the extra resources it leaves spare. */
export class HeadReservation {
  shadowTime = 0;
  extraProcessors = 0;
  readonly extra: Float64Array;
  /** Running jobs in order of estimated end (and some that left: skip those not running). */
  readonly releases = new ReleaseOrder();
  /** The job the current shadow time and extra belong to. */
  #head: JobView | undefined;

  constructor(readonly capacities: ArrayLike<number>) {
    this.extra = new Float64Array(capacities.length);
  }

  /**
   * The head's shadow time and extra. They change only when the head changes or a running job
   * leaves: a backfilled job either ends by the shadow time or consumes extra, so between
   * departures the last result (with its extra consumed) is still exact. Says whether it
   * computed afresh. `released`: a running job left since the last call.
   */
  compute(ctx: SchedulingContext, head: JobView, released: boolean): boolean {
    if (head === this.#head && !released && this.shadowTime >= ctx.now) return false;
    this.#head = head;
    const extra = this.extra;
    for (let r = 0; r < extra.length; r++) extra[r] = ctx.machine.free(r);
    let free = ctx.machine.idleProcessors;
    const now = ctx.now;
    let shadow = now;
    const { size, demand } = head;
    // A running job past its estimate is taken to end now. Every job ending at the shadow time
    // is released before the head is tested again, so all of them count toward the extra.
    scan: for (const { ends, jobs } of this.releases.blocks) {
      for (let k = 0; k < jobs.length; k++) {
        const at = Math.max(ends[k]!, now);
        if (at > shadow && free >= size && fitsWithin(demand, extra, this.capacities)) break scan;
        const job = jobs[k]!;
        if (job.state !== 'running') continue;
        if (at === Number.POSITIVE_INFINITY) return this.#unknownShadow(ctx, head);
        shadow = at;
        free += job.allocated;
        for (let r = 0; r < extra.length; r++) extra[r] = extra[r]! + job.demand[r]!;
      }
    }
    for (let r = 0; r < extra.length; r++) extra[r] = extra[r]! - head.demand[r]!;
    this.extraProcessors = free - head.size;
    this.shadowTime = shadow;
    return true;
  }

  /**
   * The head waits for a running job of unknown estimate (see `easy`'s comment): no shadow
   * time, and the extra is what is free now beyond the head's needs, never below zero.
   */
  #unknownShadow(ctx: SchedulingContext, head: JobView): true {
    const extra = this.extra;
    for (let r = 0; r < extra.length; r++) extra[r] = Math.max(0, ctx.machine.free(r) - head.demand[r]!);
    this.extraProcessors = Math.max(0, ctx.machine.idleProcessors - head.size);
    this.shadowTime = Number.POSITIVE_INFINITY;
    return true;
  }

  /** Whether `job` fits in the extra. */
  fitsExtra(job: JobView): boolean {
    return job.size <= this.extraProcessors && fitsWithin(job.demand, this.extra, this.capacities);
  }

  /** Take a job that fits in the extra out of it. */
  takeExtra(job: JobView): void {
    this.extraProcessors -= job.size;
    for (let r = 0; r < this.extra.length; r++) this.extra[r] = this.extra[r]! - job.demand[r]!;
  }
}
