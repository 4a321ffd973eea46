import type { OperationEvent, ReleaseEvent, RunObserver } from '@js/core';

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
}

/** Operations after which a job runs on the event's processors. */
const running = new Set<OperationEvent['operation']>(['start', 'restart', 'resume', 'resize']);

/**
 * An observer that cuts each job's time on processors into {@link Segment}s and hands each to
 * `emit` when it ends, with no memory beyond the jobs running now. Segments still open when the
 * run ends (a saturated or bounded run) are closed at the end time.
 */
export function segmentRecorder(emit: (segment: Segment) => void): RunObserver {
  const open = new Map<number, { from: number; processors: readonly number[]; began: Segment['began'] }>();
  const close = (job: number, at: number) => {
    const s = open.get(job);
    if (!s) return;
    open.delete(job);
    if (at > s.from) emit({ job, from: s.from, to: at, processors: ranges(s.processors), began: s.began });
  };
  return {
    operation(e: OperationEvent) {
      if (!running.has(e.operation)) return;
      close(e.job.id, e.time);
      open.set(e.job.id, { from: e.time, processors: Array.from(e.processors), began: e.operation });
    },
    released(e: ReleaseEvent) {
      close(e.job.id, e.time);
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
