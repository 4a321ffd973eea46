import type { OccupancySample } from '@js/core';

// Slots of the level vector: the three job/processor levels, then one per named resource.
const BUSY = 0;
const QUEUED = 1;
const RUNNING = 2;
const FIRST_RESOURCE = 3;

/** Time averages of the occupancy levels over a period. */
export interface OccupancyMeans {
  readonly start: number;
  readonly end: number;
  readonly busyProcessors: number;
  readonly queueLength: number;
  readonly runningJobs: number;
  /** Mean amount in use of each named resource, in the machine's resource order. */
  readonly resourcesInUse: readonly number[];
}

/**
 * ∫ level dt of the machine's occupancy levels over a measured period. The engine samples once per
 * instant after its decisions, so a level holds from its sample until the next one (a step
 * function); integrating needs only the current level and the time it was set, O(resources) memory.
 *
 * The period opens at {@link open}. Its end is either the last {@link mark} (the caller marks the
 * instants where the period could end, e.g. when the last measured job leaves) or a given time.
 */
export class OccupancyIntegral {
  readonly #levels: Float64Array;
  readonly #areas: Float64Array;
  readonly #markedAreas: Float64Array;
  #last = 0;
  #start = Number.NaN;
  #markedAt = Number.NaN;

  constructor(resourceCount: number) {
    this.#levels = new Float64Array(FIRST_RESOURCE + resourceCount);
    this.#areas = new Float64Array(FIRST_RESOURCE + resourceCount);
    this.#markedAreas = new Float64Array(FIRST_RESOURCE + resourceCount);
  }

  get isOpen(): boolean {
    return !Number.isNaN(this.#start);
  }

  /** Start integrating at `now` (levels already sampled carry on from there). */
  open(now: number): void {
    if (this.isOpen) return;
    this.#last = now;
    this.#start = now;
  }

  /** Add the current levels held since the last sample up to `now`. */
  advance(now: number): void {
    const dt = now - this.#last;
    if (dt <= 0) return;
    this.#last = now;
    if (!this.isOpen) return;
    const levels = this.#levels;
    const areas = this.#areas;
    for (let i = 0; i < levels.length; i++) areas[i] += levels[i] * dt;
  }

  /** The machine's levels from `sample.now` on. */
  record(sample: OccupancySample): void {
    this.advance(sample.now);
    const levels = this.#levels;
    levels[BUSY] = sample.busyProcessors;
    levels[QUEUED] = sample.queued;
    levels[RUNNING] = sample.running;
    const inUse = sample.resourcesInUse;
    for (let i = FIRST_RESOURCE; i < levels.length; i++) levels[i] = inUse[i - FIRST_RESOURCE] ?? 0;
  }

  /** Remember the integrals up to `now` as a possible end of the period. */
  mark(now: number): void {
    if (!this.isOpen) return;
    this.advance(now);
    this.#markedAreas.set(this.#areas);
    this.#markedAt = now;
  }

  get markedAt(): number {
    return this.#markedAt;
  }

  /**
   * Time averages from the opening to the last mark (`end` = 'mark') or to time `end`. A period
   * that never opened (start NaN) or has zero length gives zero means.
   */
  means(end: number | 'mark'): OccupancyMeans {
    const useMark = end === 'mark';
    if (!useMark) this.advance(end);
    const areas = useMark ? this.#markedAreas : this.#areas;
    const start = this.#start;
    const stop = useMark ? this.#markedAt : end;
    const duration = stop - start;
    const mean = (i: number): number => (duration > 0 ? areas[i] / duration : 0);
    const resourcesInUse: number[] = [];
    for (let i = FIRST_RESOURCE; i < areas.length; i++) resourcesInUse.push(mean(i));
    return {
      start,
      end: stop,
      busyProcessors: mean(BUSY),
      queueLength: mean(QUEUED),
      runningJobs: mean(RUNNING),
      resourcesInUse,
    };
  }
}
