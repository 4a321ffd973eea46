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
