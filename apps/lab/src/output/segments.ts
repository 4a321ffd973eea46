import type { OperationEvent, ReleaseEvent, RunObserver, SlotEvent } from '@js/core';

/**
 * One stretch of a job holding the same processors: from a start, restart, resume or resize to
 * the next suspension, checkpoint, resize or its departure. A run's segments are its Gantt chart
 * (processors × time); in a gang run the segments of one round are the scheduling matrix.
 */
export interface Segment {
  readonly job: number;
  readonly from: number;
  readonly to: number;
  /** The processors, as sorted ranges: `[[0, 31], [64, 95]]`. */
  readonly processors: readonly (readonly [number, number])[];
  /** How the segment began: `start`, `restart`, `resume` or `resize`. */
  readonly began: OperationEvent['operation'];
  /**
   * The time slot it ran in (a row of a gang discipline's matrix), where the discipline's
   * switches name one. A job that runs on from one slot into the next (it has a cell in both)
   * gets a segment per slot, the later ones keeping how the first began.
   */
  readonly slot?: number;
  /**
   * A periodic record stands for `count` stretches alike (same processors, beginning and slot),
   * the k-th (k = 0…count − 1) from `from + k·period` to `to + k·period`: a gang job that runs
   * one quantum per round while the matrix stays as it is. Absent: one stretch. The records of a
   * job in several slots interleave in time; put in time order, their stretches are the job's.
   */
  readonly period?: number;
  readonly count?: number;
}

/** Operations after which a job runs on the event's processors. */
const running = new Set<OperationEvent['operation']>(['start', 'restart', 'resume', 'resize']);

interface OpenSegment {
  from: number;
  readonly processors: readonly number[];
  readonly began: Segment['began'];
  readonly discipline: string;
  slot: number | undefined;
}

/**
 * An observer that cuts each job's time on processors into {@link Segment}s and hands each to
 * `emit` when it ends, with no memory beyond the jobs running now. Segments still open when the
 * run ends (a saturated or bounded run) are closed at the end time. When a discipline's switch
 * names a new time slot, its jobs' open segments are cut there, so each segment lies in one slot.
 */
export function segmentRecorder(emit: (segment: Segment) => void): RunObserver {
  const open = new Map<number, OpenSegment>();
  /** The slot each discipline's switches last named. */
  const slots = new Map<string, number>();
  const emitPart = (job: number, s: OpenSegment, at: number) => {
    if (at > s.from)
      emit({
        job,
        from: s.from,
        to: at,
        processors: ranges(s.processors),
        began: s.began,
        ...(s.slot === undefined ? {} : { slot: s.slot }),
      });
  };
  const close = (job: number, at: number) => {
    const s = open.get(job);
    if (!s) return;
    open.delete(job);
    emitPart(job, s, at);
  };
  return {
    operation(e: OperationEvent) {
      if (!running.has(e.operation)) return;
      close(e.job.id, e.time);
      open.set(e.job.id, {
        from: e.time,
        processors: Array.from(e.processors),
        began: e.operation,
        discipline: e.discipline,
        slot: slots.get(e.discipline),
      });
    },
    released(e: ReleaseEvent) {
      close(e.job.id, e.time);
    },
    slot(e: SlotEvent) {
      slots.set(e.discipline, e.slot);
      for (const [job, s] of open) {
        if (s.discipline !== e.discipline || s.slot === e.slot) continue;
        emitPart(job, s, e.time);
        s.from = e.time;
        s.slot = e.slot;
      }
    },
    end(now) {
      for (const job of [...open.keys()]) close(job, now);
    },
  };
}

/** Sorted processor ids as inclusive ranges of consecutive ids. */
export function ranges(processors: readonly number[]): [number, number][] {
  const sorted = [...processors].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && p === last[1] + 1) last[1] = p;
    else out.push([p, p]);
  }
  return out;
}

/**
 * A job's segments, held compactly while the job is in the system, and written as periodic
 * records. A gang job runs one quantum per round in each slot it holds, on the same processors,
 * as long as the matrix is unchanged: thousands of stretches alike, which were most of a long
 * run's memory and of its file. The stretches of one slot that repeat at a fixed period are kept
 * and written as one record (see {@link Segment.period}), a job in several slots getting one such
 * record per slot, interleaved in time; but only where `from + k·period` and `to + k·period` give
 * each stretch's times back exactly, so a reader loses nothing. Records come in the order of their
 * first stretches. Each is five numbers (from, to, slot, period, count); its processors and how it
 * began are kept only where they change.
 */
export class SegmentLog {
  /** from, to, slot (NaN: none), period and count of each record, in order. */
  #fields = new Float64Array(80);
  #count = 0;
  /** Each run of records with the same processors and beginning, by its first record. */
  readonly #shapes: { first: number; processors: Segment['processors']; began: Segment['began'] }[] = [];
  /** In the last run of records, the last record of each slot (key -1: no slot): the one that may go on. */
  readonly #latest = new Map<number, number>();

  add(s: Omit<Segment, 'job'>): void {
    const last = this.#shapes.at(-1);
    const sameShape =
      last !== undefined && last.began === s.began && sameRanges(last.processors, s.processors);
    const slot = s.slot ?? -1;
    if (sameShape) {
      const record = this.#latest.get(slot);
      if (record !== undefined && this.#repeats(record, s)) return;
    } else {
      this.#shapes.push({ first: this.#count, processors: s.processors, began: s.began });
      this.#latest.clear();
    }
    if (5 * this.#count + 5 > this.#fields.length) {
      const grown = new Float64Array(2 * this.#fields.length);
      grown.set(this.#fields);
      this.#fields = grown;
    }
    this.#latest.set(slot, this.#count);
    const at = 5 * this.#count++;
    const f = this.#fields;
    f[at] = s.from;
    f[at + 1] = s.to;
    f[at + 2] = s.slot ?? Number.NaN;
    f[at + 3] = 0;
    f[at + 4] = 1;
  }

  /** Whether `s` (same shape and slot) is the next stretch of `record`: then the record counts it. */
  #repeats(record: number, s: Omit<Segment, 'job'>): boolean {
    const f = this.#fields;
    const at = 5 * record;
    const from = f[at]!;
    const to = f[at + 1]!;
    const n = f[at + 4]!;
    // A second stretch sets the period; each later one must fall on it. Either way the times must
    // come back exactly as the reader computes them.
    const period = n === 1 ? s.from - from : f[at + 3]!;
    if (!(period > 0) || from + n * period !== s.from || to + n * period !== s.to) return false;
    f[at + 3] = period;
    f[at + 4] = n + 1;
    return true;
  }

  /** The records: a stretch alone as before, stretches alike as one periodic record. */
  segments(): Omit<Segment, 'job'>[] {
    const out: Omit<Segment, 'job'>[] = [];
    const f = this.#fields;
    let k = 0;
    for (let i = 0; i < this.#count; i++) {
      while (k + 1 < this.#shapes.length && this.#shapes[k + 1]!.first <= i) k++;
      const { processors, began } = this.#shapes[k]!;
      const slot = f[5 * i + 2]!;
      const count = f[5 * i + 4]!;
      out.push({
        from: f[5 * i]!,
        to: f[5 * i + 1]!,
        processors,
        began,
        ...(Number.isNaN(slot) ? {} : { slot }),
        ...(count > 1 ? { period: f[5 * i + 3]!, count } : {}),
      });
    }
    return out;
  }
}

function sameRanges(a: Segment['processors'], b: Segment['processors']): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]![0] !== b[i]![0] || a[i]![1] !== b[i]![1]) return false;
  return true;
}
