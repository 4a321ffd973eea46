import { type MatrixCells, renderMatrix } from '../matrix/render.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import type { JobId, MatrixEvent } from '../matrix/types.ts';

/**
 * A deliberately naive second implementation of the scheduling matrix — nested arrays and a
 * map, no typed arrays, no trees — fed with the events a real matrix emits. Each event is
 * checked against the paper's rules before it is replayed: a placement or extension only
 * into idle cells, a relinquish only of an extra slot, and every re-packing made of legal
 * shifts (§3: whole instances, same processors, no cell left with two jobs). Any change the
 * real matrix makes without an event, or makes differently, shows up as a difference
 * between the two renderings.
 */
export interface MatrixWatcher {
  /** Rule breaks seen so far, one line each. */
  readonly violations: readonly string[];
  /** The model's own view of the matrix. */
  readonly model: ReferenceMatrix;
  /** Differences between the model and the watched matrix now (empty when they agree). */
  compare(): string[];
  /** Unsubscribes from the matrix: later changes are neither replayed nor checked. */
  stop(): void;
}

/** The reference model's record of a job: its processors and the slots it runs in. */
export interface ModelJob {
  readonly start: number;
  readonly width: number;
  slots: Set<number>;
}

export class ReferenceMatrix implements MatrixCells {
  readonly rows: (JobId | undefined)[][] = [];
  readonly jobs = new Map<JobId, ModelJob>();

  constructor(readonly processors: number) {}

  get slots(): number {
    return this.rows.length;
  }

  /** The job the model holds in the cell of `slot` × `processor`, or undefined when idle. */
  jobAt(slot: number, processor: number): JobId | undefined {
    return this.rows[slot]![processor];
  }

  /** Copies a matrix's current content (cells only; job extents are read off the cells). */
  static of(matrix: SchedulingMatrix): ReferenceMatrix {
    const model = new ReferenceMatrix(matrix.processors);
    for (let s = 0; s < matrix.slots; s++) {
      const row: (JobId | undefined)[] = [];
      for (let p = 0; p < matrix.processors; p++) row.push(matrix.jobAt(s, p));
      model.rows.push(row);
    }
    for (const job of matrix.jobs()) {
      model.jobs.set(job.id, { start: job.start, width: job.width, slots: new Set(job.slots) });
    }
    return model;
  }

  /** Replays one event; returns what was wrong with it ('' when it was legal). */
  apply(event: MatrixEvent): string {
    switch (event.kind) {
      case 'addSlot':
        if (event.slot !== this.rows.length)
          return `addSlot reported slot ${event.slot}, expected ${this.rows.length}`;
        this.rows.push(new Array(this.processors).fill(undefined));
        return '';
      case 'deleteSlot': {
        const row = this.rows[event.slot];
        if (row === undefined) return `deleteSlot of missing slot ${event.slot}`;
        if (row.some((c) => c !== undefined)) return `deleteSlot ${event.slot}, which is not empty`;
        this.rows.splice(event.slot, 1);
        for (const job of this.jobs.values()) {
          job.slots = new Set([...job.slots].map((s) => (s > event.slot ? s - 1 : s)));
        }
        return '';
      }
      case 'place': {
        if (this.jobs.has(event.job)) return `place of job ${String(event.job)}, which already exists`;
        const job = { start: event.start, width: event.width, slots: new Set<number>() };
        const why = this.#free(event.slot, job);
        if (why) return `place of job ${String(event.job)}: ${why}`;
        this.#fill(event.slot, job, event.job);
        job.slots.add(event.slot);
        this.jobs.set(event.job, job);
        return '';
      }
      case 'extend': {
        const job = this.jobs.get(event.job);
        if (job === undefined) return `extend of unknown job ${String(event.job)}`;
        if (job.slots.has(event.slot))
          return `extend of job ${String(event.job)} into slot ${event.slot} it runs in`;
        const why = this.#free(event.slot, job);
        if (why) return `extend of job ${String(event.job)}: ${why}`;
        this.#fill(event.slot, job, event.job);
        job.slots.add(event.slot);
        return '';
      }
      case 'relinquish': {
        const job = this.jobs.get(event.job);
        if (job === undefined || !job.slots.has(event.slot)) {
          return `relinquish of slot ${event.slot} by job ${String(event.job)}, which does not run there`;
        }
        if (job.slots.size === 1) return `relinquish of the last slot of job ${String(event.job)}`;
        this.#fill(event.slot, job, undefined);
        job.slots.delete(event.slot);
        return '';
      }
      case 'depart': {
        const job = this.jobs.get(event.job);
        if (job === undefined) return `depart of unknown job ${String(event.job)}`;
        const reported = [...event.slots].sort((a, b) => a - b).join(',');
        const actual = [...job.slots].sort((a, b) => a - b).join(',');
        if (reported !== actual)
          return `depart of job ${String(event.job)} from slots ${reported}, it ran in ${actual}`;
        for (const slot of job.slots) this.#fill(slot, job, undefined);
        this.jobs.delete(event.job);
        return '';
      }
      case 'repack':
        return this.#repack(event.shifts);
    }
  }

  // Legal shifts (§3), applied together: check the whole set, then move.
  #repack(shifts: readonly { job: JobId; from: number; to: number }[]): string {
    const seen = new Set<string>();
    for (const { job: id, from, to } of shifts) {
      const job = this.jobs.get(id);
      if (job === undefined) return `shift of unknown job ${String(id)}`;
      if (!job.slots.has(from))
        return `shift of job ${String(id)} out of slot ${from}, where it does not run`;
      if (from === to || this.rows[to] === undefined) return `shift of job ${String(id)} to bad slot ${to}`;
      const key = `${String(id)}@${from}`;
      if (seen.has(key)) return `job ${String(id)} shifted twice out of slot ${from}`;
      seen.add(key);
    }
    const rows = this.rows.map((r) => [...r]);
    for (const { job: id, from } of shifts) this.#fill(from, this.jobs.get(id)!, undefined);
    for (const { job: id, to } of shifts) {
      const job = this.jobs.get(id)!;
      const why = this.#free(to, job);
      if (why) {
        this.rows.splice(0, this.rows.length, ...rows);
        return `illegal shift of job ${String(id)} to slot ${to}: ${why}`;
      }
      this.#fill(to, job, id);
    }
    // Remove every source before adding any target: a job may trade two of its slots.
    for (const { job: id, from } of shifts) this.jobs.get(id)!.slots.delete(from);
    for (const { job: id, to } of shifts) this.jobs.get(id)!.slots.add(to);
    return '';
  }

  #free(slot: number, job: { start: number; width: number }): string {
    const row = this.rows[slot];
    if (row === undefined) return `slot ${slot} does not exist`;
    if (job.start < 0 || job.width < 1 || job.start + job.width > this.processors) {
      return `processors ${job.start}..${job.start + job.width - 1} are off the array`;
    }
    for (let p = job.start; p < job.start + job.width; p++) {
      if (row[p] !== undefined) return `processor ${p} in slot ${slot} already holds job ${String(row[p])}`;
    }
    return '';
  }

  #fill(slot: number, job: { start: number; width: number }, value: JobId | undefined): void {
    this.rows[slot]!.fill(value, job.start, job.start + job.width);
  }
}

/** Starts replaying a matrix's events into a reference model. */
export function watchMatrix(matrix: SchedulingMatrix): MatrixWatcher {
  const model = ReferenceMatrix.of(matrix);
  const violations: string[] = [];
  const stop = matrix.subscribe((event) => {
    const why = model.apply(event);
    if (why) violations.push(why);
  });
  return {
    violations,
    model,
    stop,
    compare() {
      const problems: string[] = [];
      const expected = renderMatrix(model);
      const actual = renderMatrix(matrix);
      if (expected !== actual)
        problems.push(`cells differ from the event replay:\nreplay:\n${expected}\nmatrix:\n${actual}`);
      if (model.jobs.size !== matrix.jobCount) {
        problems.push(`the replay knows ${model.jobs.size} jobs, the matrix ${matrix.jobCount}`);
      }
      for (const [id, job] of model.jobs) {
        const real = matrix.job(id);
        const slots = [...job.slots].sort((a, b) => a - b).join(',');
        const realSlots = real ? [...real.slots].sort((a, b) => a - b).join(',') : '';
        if (!real || real.start !== job.start || real.width !== job.width || slots !== realSlots) {
          problems.push(
            `job ${String(id)}: replay has ${job.start}+${job.width} in slots ${slots}, matrix ${real ? `${real.start}+${real.width} in slots ${realSlots}` : 'lacks it'}`,
          );
        }
      }
      return problems;
    },
  };
}
