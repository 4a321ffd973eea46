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
 * A job's segments, held compactly while the job is in the system. A gang job runs one quantum at
 * a time: thousands of segments on the same processors, each an object with its own processor
 * ranges, were most of a long run's memory. Here each segment is three numbers (from, to, slot),
 * and its processors and how it began are kept only where they change.
 */
export class SegmentLog {
  /** from, to and slot (NaN: none) of each segment, in order. */
  #times = new Float64Array(48);
  #count = 0;
  /** Each run of segments with the same processors and beginning, by its first segment. */
  readonly #shapes: { first: number; processors: Segment['processors']; began: Segment['began'] }[] = [];

  add(s: Omit<Segment, 'job'>): void {
    const last = this.#shapes.at(-1);
    if (!last || last.began !== s.began || !sameRanges(last.processors, s.processors))
      this.#shapes.push({ first: this.#count, processors: s.processors, began: s.began });
    if (3 * this.#count + 3 > this.#times.length) {
      const grown = new Float64Array(2 * this.#times.length);
      grown.set(this.#times);
      this.#times = grown;
    }
    const at = 3 * this.#count++;
    this.#times[at] = s.from;
    this.#times[at + 1] = s.to;
    this.#times[at + 2] = s.slot ?? Number.NaN;
  }

  /** The segments as they were added (fields in the same order). */
  segments(): Omit<Segment, 'job'>[] {
    const out: Omit<Segment, 'job'>[] = [];
    let k = 0;
    for (let i = 0; i < this.#count; i++) {
      while (k + 1 < this.#shapes.length && this.#shapes[k + 1]!.first <= i) k++;
      const { processors, began } = this.#shapes[k]!;
      const slot = this.#times[3 * i + 2]!;
      out.push({
        from: this.#times[3 * i]!,
        to: this.#times[3 * i + 1]!,
        processors,
        began,
        ...(Number.isNaN(slot) ? {} : { slot }),
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
