import { isPowerOfTwo } from '../buddy/buddy-block.ts';
import { GangError } from '../errors/gang-error.ts';
import { SchedulingMatrix } from './scheduling-matrix.ts';

const EMPTY = /^\(no slots; (\d+) processors\)$/;
const LABEL = /^S\d+\s*\|/;

/**
 * Reads the text form written by `renderMatrix` (slot labels optional) back into a matrix,
 * so examples — the paper's figures, failing cases — can be written as they are drawn.
 * A run of equal ids in a row is one job instance; an id seen in an earlier row must cover
 * the same processors there (a job is always on the same processors), and becomes an extra
 * slot of that job. Ids are read as strings.
 */
export function parseMatrix(text: string): SchedulingMatrix {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const empty = lines.length === 1 ? EMPTY.exec(lines[0]!) : null;
  if (empty) return new SchedulingMatrix(Number(empty[1]));
  if (lines.length === 0) throw new GangError('PARSE_ERROR', 'no rows: cannot tell the processor count');
  const rows = lines.map((l) => l.replace(LABEL, '').trim().split(/\s+/));
  const processors = rows[0]!.length;
  if (!isPowerOfTwo(processors)) {
    throw new GangError(
      'PARSE_ERROR',
      `row 0 has ${processors} cells; the processor count must be a power of two`,
    );
  }
  const matrix = new SchedulingMatrix(processors, rows.length);
  rows.forEach((row, slot) => {
    if (row.length !== processors) {
      throw new GangError('PARSE_ERROR', `row ${slot} has ${row.length} cells, row 0 has ${processors}`);
    }
    const seenInRow = new Set<string>();
    for (let p = 0; p < processors; ) {
      const id = row[p]!;
      let end = p + 1;
      while (end < processors && row[end] === id) end++;
      if (id !== '.') {
        if (seenInRow.has(id)) {
          throw new GangError(
            'PARSE_ERROR',
            `row ${slot}: job ${id} appears twice; a job holds consecutive processors`,
          );
        }
        seenInRow.add(id);
        const known = matrix.job(id);
        if (known === undefined) {
          matrix.place({ id, start: p, width: end - p }, slot);
        } else if (known.start !== p || known.width !== end - p) {
          throw new GangError(
            'PARSE_ERROR',
            `row ${slot}: job ${id} holds processors ${p}..${end - 1} but ${known.start}..${known.start + known.width - 1} in slot ${known.slots[0]}`,
          );
        } else {
          matrix.extend(id, slot);
        }
      }
      p = end;
    }
  });
  return matrix;
}
