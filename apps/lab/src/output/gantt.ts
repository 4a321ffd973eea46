import { ConfigError } from '@js/core';
import type { Segment } from './segments.ts';

/** A time window of the text Gantt chart and its row height, in seconds. */
export interface GanttWindow {
  readonly from: number;
  /** Undefined: `rows` rows after `from`. */
  readonly to?: number;
  readonly step: number;
}

/** Rows shown when the window has no end. */
export const GANTT_ROWS = 40;
/** Most processor columns; wider machines show blocks of processors per column. */
export const GANTT_COLUMNS = 128;

/** Symbols for jobs, reused in turn; '.' is an idle cell, '+' a cell of a block shared by jobs. */
const SYMBOLS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@#$%&*=?';

/** `--gantt FROM:TO` (seconds; either may be left out: `:600`, `3600:`). */
export function parseGanttWindow(value: string | true, step: number): GanttWindow {
  if (!(step > 0)) throw new ConfigError(`--gantt-step ${step}: expected a positive number of seconds`);
  if (value === true) return { from: 0, step };
  const match = /^(\d+(?:\.\d+)?)?:(\d+(?:\.\d+)?)?$/.exec(value.trim());
  if (!match)
    throw new ConfigError(
      `--gantt ${value}: expected FROM:TO in seconds, e.g. 0:600 (either may be left out)`,
    );
  const from = match[1] === undefined ? 0 : Number(match[1]);
  const to = match[2] === undefined ? undefined : Number(match[2]);
  if (to !== undefined && to <= from) throw new ConfigError(`--gantt ${value}: TO must be after FROM`);
  return { from, to, step };
}

/** The segments of a run that fall in a window (a filter for a recorder's `emit`). */
export function inWindow(w: GanttWindow): (s: Segment) => boolean {
  const to = w.to ?? w.from + GANTT_ROWS * w.step;
  return (s) => s.to > w.from && s.from < to;
}

/**
 * A text picture of who runs where: one row per `step` seconds (the time at its left), one column
 * per processor, the cell the job that held the processor longest in that step. Laid out like the
 * scheduling matrix of gang-scheduling papers (time slots down, processors across): with the step
 * equal to the quantum, the rows of one round are the matrix's slots. A legend maps symbols to job ids.
 */
export function renderGantt(segments: readonly Segment[], processors: number, w: GanttWindow): string {
  const to = w.to ?? w.from + GANTT_ROWS * w.step;
  const rows = Math.ceil((to - w.from) / w.step);
  const width = Math.min(processors, GANTT_COLUMNS);
  const block = Math.ceil(processors / width);
  const columns = Math.ceil(processors / block);
  // held[row][column] → job id → seconds held in that cell.
  const held = Array.from({ length: rows }, () =>
    Array.from({ length: columns }, () => new Map<number, number>()),
  );
  for (const s of segments) {
    const first = Math.max(0, Math.floor((s.from - w.from) / w.step));
    const last = Math.min(rows - 1, Math.ceil((s.to - w.from) / w.step) - 1);
    for (let r = first; r <= last; r++) {
      const start = w.from + r * w.step;
      const overlap = Math.min(s.to, start + w.step) - Math.max(s.from, start);
      if (overlap <= 0) continue;
      for (const [a, b] of s.processors) {
        for (let p = a; p <= b; p++) {
          const cell = held[r]![Math.floor(p / block)]!;
          cell.set(s.job, (cell.get(s.job) ?? 0) + overlap);
        }
      }
    }
  }
  const symbolOf = new Map<number, string>();
  const symbol = (job: number): string => {
    let c = symbolOf.get(job);
    if (c === undefined) {
      c = SYMBOLS[symbolOf.size % SYMBOLS.length]!;
      symbolOf.set(job, c);
    }
    return c;
  };
  const label = (t: number) => String(Number(t.toFixed(3)));
  const labelWidth = Math.max(label(w.from).length, label(w.from + (rows - 1) * w.step).length);
  const lines = [
    `processors 0–${processors - 1} across${block > 1 ? ` (${block} per column)` : ''}, ${label(w.step)} s per row from ${label(w.from)} s; '.' idle`,
  ];
  for (let r = 0; r < rows; r++) {
    const cells = held[r]!.map((cell) => {
      if (cell.size === 0) return '.';
      // A block shared by several jobs shows the one that held most of it, or '+' on a tie.
      let best = -1;
      let most = 0;
      let tie = false;
      for (const [job, seconds] of cell) {
        if (seconds > most) [best, most, tie] = [job, seconds, false];
        else if (seconds === most) tie = true;
      }
      return tie ? '+' : symbol(best);
    });
    lines.push(`${label(w.from + r * w.step).padStart(labelWidth)} │${cells.join('')}`);
  }
  if (symbolOf.size > SYMBOLS.length) lines.push(`(more than ${SYMBOLS.length} jobs: symbols repeat)`);
  const legend = [...symbolOf].map(([job, c]) => `${c}=${job}`);
  lines.push(legend.length ? `jobs: ${legend.join(' ')}` : 'no job ran in this window');
  return lines.join('\n');
}
