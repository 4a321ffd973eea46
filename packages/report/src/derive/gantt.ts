import type { RunData, SegmentColumns } from '../model.ts';

/** What a bar says about how its stretch began (the legend, in this order). */
export const barKinds = [
  'started',
  'backfilled',
  'resumed (was preempted)',
  'restarted (migrated / checkpointed)',
  'resized',
] as const;
export type BarKind = (typeof barKinds)[number];

/** One bar: a job on a range of consecutive processors [p0, p1) from `f` to `t`. */
export interface GanttBar {
  readonly job: number;
  readonly from: number;
  readonly to: number;
  readonly p0: number;
  readonly p1: number;
  readonly kind: BarKind;
  /** Gang slot (matrix row), where the input says. */
  readonly slot?: number;
}

/** The simulated time span a Gantt chart shows, from `from` to `to` in seconds; the bars overlapping it are drawn. */
export interface GanttWindow {
  readonly from: number;
  readonly to: number;
}

/** One run's Gantt chart: jobs as bars over processors and time, within the window shared by all runs. */
export interface Gantt {
  readonly run: string;
  readonly processors: number;
  readonly window: GanttWindow;
  readonly bars: readonly GanttBar[];
  /** Bars of the run in all (a bar per segment and processor range). */
  readonly totalBars: number;
  /** Were bars left out (window narrower than the run)? */
  readonly cut: boolean;
}

/**
 * The Gantt charts of the runs that have segments, all over the same time window so they can be
 * compared bar for bar. The window starts at `window.from` (default: the first segment of any run)
 * and ends at `window.to` (default: the last), then is shortened, if needed, so that no run has
 * more than `maxBars` bars starting in it: a run of a few hundred jobs is drawn whole, a trace of
 * half a million shows its first stretch of `maxBars` bars, and the browser stays quick.
 */
export function gantts(runs: readonly RunData[], maxBars = 2000, window?: Partial<GanttWindow>): Gantt[] {
  const drawn = runs.filter((r) => r.segments && r.segments.job.length > 0);
  if (drawn.length === 0) return [];
  let from = window?.from ?? Number.POSITIVE_INFINITY;
  let to = window?.to ?? Number.NEGATIVE_INFINITY;
  if (window?.from === undefined || window?.to === undefined)
    for (const r of drawn) {
      const s = r.segments!;
      for (let k = 0; k < s.job.length; k++) {
        if (window?.from === undefined) from = Math.min(from, s.from[k]!);
        if (window?.to === undefined) to = Math.max(to, s.to[k]! + (s.count[k]! - 1) * s.period[k]!);
      }
    }
  // The window ends before the (maxBars + 1)-th bar to start in it, in whichever run comes first.
  for (const r of drawn) {
    const last = nthStart(r, from, to, maxBars);
    if (last !== undefined) to = Math.min(to, last);
  }
  return drawn.map((r) => {
    const s = r.segments!;
    const bars: GanttBar[] = [];
    let total = 0;
    // A job's records are together; a job in several gang slots has one periodic record per slot,
    // their stretches interleaved. Each job's bars are put in time order, as its stretches ran.
    let jobFirst = 0;
    for (let k = 0; k < s.job.length; k++) {
      if (k > 0 && s.job[k] !== s.job[k - 1]) jobFirst = inTimeOrder(bars, jobFirst);
      const ranges = s.rangeStart[k + 1]! - s.rangeStart[k]!;
      total += ranges * s.count[k]!;
      const kind = barKind(s.began[k]!, s.backfilled[k]!);
      for (const at of inWindow(s, k, from, to))
        for (let i = s.rangeStart[k]!; i < s.rangeStart[k + 1]!; i++)
          bars.push({
            job: s.job[k]!,
            from: s.from[k]! + at * s.period[k]!,
            to: s.to[k]! + at * s.period[k]!,
            p0: s.rangeFirst[i]!,
            p1: s.rangeLast[i]! + 1,
            kind,
            ...(s.slot[k]! >= 0 ? { slot: s.slot[k]! } : {}),
          });
    }
    inTimeOrder(bars, jobFirst);
    return {
      run: r.label,
      processors: r.processors ?? 0,
      window: { from, to },
      bars,
      totalBars: total,
      cut: bars.length < total,
    };
  });
}

/** Sort `bars` from `first` on by start, then first processor; returns where the next job's bars begin. */
function inTimeOrder(bars: GanttBar[], first: number): number {
  const block = bars.slice(first).sort((a, b) => a.from - b.from || a.p0 - b.p0);
  for (let i = 0; i < block.length; i++) bars[first + i] = block[i]!;
  return bars.length;
}

/**
 * Which stretches of record `k` (0…count − 1) overlap the window: a periodic record of a whole
 * trace's gang job stands for thousands, of which only those in the window are looked at.
 */
function* inWindow(s: SegmentColumns, k: number, from: number, to: number): Generator<number> {
  const period = s.period[k]!;
  const count = s.count[k]!;
  // The first stretch that ends after `from` (at least 0), then each one up to `to`.
  let at = count > 1 ? Math.max(0, Math.floor((from - s.to[k]!) / period)) : 0;
  for (; at < count; at++) {
    const f = s.from[k]! + at * period;
    if (f >= to) return;
    if (s.to[k]! + at * period > from) yield at;
  }
}

/**
 * When the n-th bar (from 0) to start in the window starts, or undefined when fewer start there.
 * The n + 1 earliest starts are kept in a max-heap: a record's starts come in order, so one is
 * left as soon as its next start is no earlier than the latest kept. A whole trace's gang history
 * has millions of stretches; they are neither listed nor sorted.
 */
function nthStart(r: RunData, from: number, to: number, n: number): number | undefined {
  const s = r.segments!;
  const heap = new Float64Array(n + 1);
  let size = 0;
  for (let k = 0; k < s.job.length; k++) {
    const ranges = s.rangeStart[k + 1]! - s.rangeStart[k]!;
    const period = s.period[k]!;
    // Skip the stretches before the window without visiting them (at most one more is skipped below).
    const skip = s.count[k]! > 1 ? Math.max(0, Math.floor((from - s.from[k]!) / period)) : 0;
    record: for (let at = skip; at < s.count[k]!; at++) {
      const f = s.from[k]! + at * period;
      if (f >= to) break;
      if (f < from) continue;
      for (let i = 0; i < ranges; i++) {
        if (size <= n) {
          // Rise: the heap's root is its latest start.
          let j = size++;
          while (j > 0 && heap[(j - 1) >> 1]! < f) {
            heap[j] = heap[(j - 1) >> 1]!;
            j = (j - 1) >> 1;
          }
          heap[j] = f;
        } else if (f < heap[0]!) {
          // Replace the latest kept start, and sink.
          let j = 0;
          for (;;) {
            let c = 2 * j + 1;
            if (c > n) break;
            if (c + 1 <= n && heap[c + 1]! > heap[c]!) c++;
            if (heap[c]! <= f) break;
            heap[j] = heap[c]!;
            j = c;
          }
          heap[j] = f;
        } else break record;
      }
    }
  }
  return size > n ? heap[0] : undefined;
}

/** `began` indexes segmentBeginnings: start, restart, resume, resize. */
function barKind(began: number, backfilled: boolean): BarKind {
  switch (began) {
    case 1:
      return 'restarted (migrated / checkpointed)';
    case 2:
      return 'resumed (was preempted)';
    case 3:
      return 'resized';
    default:
      return backfilled ? 'backfilled' : 'started';
  }
}
