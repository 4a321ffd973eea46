import type { JobView, SchedulingContext } from '@js/core';
import { gangSizeClass } from './size-class.ts';

/**
 * The statistics of Zhou et al. §2, kept as running values from the first arrival on and
 * reported through the discipline-metrics channel, so the last values reported are the run's:
 * - `r_a`, average processor active ratio: processor time spent running jobs' processes over
 *   P × the time elapsed (internal fragmentation and idle cells are not active);
 * - `n_a`, average number of slots, Σ i·t_i / Σ t_i; `n_l`, the largest number of slots;
 * - `slots`, the number of slots now (one value per decision round, for a slots-over-time view);
 * - `t_ta`, mean turnaround (departure − submission, seconds) of the jobs that left, and `t_sa`,
 *   `t_ma`, `t_la` for small (1–12 slots of work), medium (13–60) and large (> 60) jobs, the
 *   work being the seconds a job ran, in slots of the quantum.
 */
export class GangMetrics {
  readonly #processors: number;
  #since = Number.NaN;
  #last = Number.NaN;
  #slotTime = 0;
  #activeTime = 0;
  #slots = 0;
  #busy = 0;
  #largest = 0;

  readonly #quantum: number;
  readonly #turnaround = { all: new Mean(), small: new Mean(), medium: new Mean(), large: new Mean() };

  constructor(processors: number, quantum: number) {
    this.#processors = processors;
    this.#quantum = quantum;
  }

  /** A job left at `now` (its completion trigger). */
  departed(job: JobView, now: number): void {
    const turnaround = now - job.submit;
    this.#turnaround.all.add(turnaround);
    this.#turnaround[gangSizeClass(job.runTime, this.#quantum)].add(turnaround);
  }

  /** Time has reached `now` with the slots and busy processors of the last round. */
  advance(now: number): void {
    if (Number.isNaN(this.#since)) this.#since = this.#last = now;
    const dt = now - this.#last;
    this.#slotTime += this.#slots * dt;
    this.#activeTime += this.#busy * dt;
    this.#last = now;
  }

  /** The round's decisions are made: this many slots and busy processors from now on. */
  settle(ctx: SchedulingContext, slots: number): void {
    this.#slots = slots;
    this.#busy = ctx.machine.processors - ctx.machine.idleProcessors;
    this.#largest = Math.max(this.#largest, slots);
    const elapsed = this.#last - this.#since;
    ctx.count('slots', slots);
    ctx.count('n_l', this.#largest);
    ctx.count('n_a', elapsed > 0 ? this.#slotTime / elapsed : slots);
    ctx.count('r_a', elapsed > 0 ? this.#activeTime / (this.#processors * elapsed) : 0);
    const t = this.#turnaround;
    const classes: [string, Mean][] = [
      ['t_ta', t.all],
      ['t_sa', t.small],
      ['t_ma', t.medium],
      ['t_la', t.large],
    ];
    for (const [name, mean] of classes) if (mean.count > 0) ctx.count(name, mean.value);
  }
}

/** A running mean. */
class Mean {
  count = 0;
  #sum = 0;
  add(x: number): void {
    this.count++;
    this.#sum += x;
  }
  get value(): number {
    return this.#sum / this.count;
  }
}
