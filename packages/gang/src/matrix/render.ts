import type { JobId } from './types.ts';

/** What rendering needs from a matrix (kept structural so the reference model can use it too). */
export interface MatrixCells {
  readonly processors: number;
  readonly slots: number;
  /** The job in the cell of `slot` × `processor`, or undefined when that cell is idle. */
  jobAt(slot: number, processor: number): JobId | undefined;
}

/** How `renderMatrix` draws the processors × time slots grid. */
export interface RenderOptions {
  /** Prefix each row with its slot, `S0 | …`, as error messages do. Default false. */
  readonly slotLabels?: boolean;
}

/**
 * The matrix as text, one line per slot (top = slot 0), one column per processor: the id of
 * the job in each cell, '.' for an idle cell, columns padded to the widest id. This is the
 * form of the paper's figures and the form tests assert against; `parseMatrix` reads it back.
 */
export function renderMatrix(matrix: MatrixCells, options: RenderOptions = {}): string {
  const { processors, slots } = matrix;
  if (slots === 0) return `(no slots; ${processors} processors)`;
  const rows: string[][] = [];
  let width = 1;
  for (let s = 0; s < slots; s++) {
    const row: string[] = [];
    for (let p = 0; p < processors; p++) {
      const id = matrix.jobAt(s, p);
      const token = id === undefined ? '.' : String(id);
      if (token.length > width) width = token.length;
      row.push(token);
    }
    rows.push(row);
  }
  const labelWidth = `S${slots - 1}`.length;
  return rows
    .map((row, s) => {
      const line = row
        .map((t) => t.padEnd(width))
        .join(' ')
        .trimEnd();
      return options.slotLabels ? `${`S${s}`.padEnd(labelWidth)} | ${line}` : line;
    })
    .join('\n');
}

/** Above this many cells a matrix is summarised, not drawn, in error messages. */
const MAX_CELLS_IN_ERRORS = 4096;

/** The labelled drawing for an error message, or a one-line summary when the matrix is large. */
export function renderForError(matrix: MatrixCells): string {
  return matrix.slots * matrix.processors <= MAX_CELLS_IN_ERRORS
    ? renderMatrix(matrix, { slotLabels: true })
    : `(${matrix.slots} slots × ${matrix.processors} processors: too large to draw)`;
}
