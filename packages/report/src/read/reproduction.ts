import { basename } from 'node:path';
import { InputError } from '@js/errors';
import type { ReproducedFigure, ReproducedPoint, ReproductionData } from '../model.ts';
import { parseCsv } from './csv.ts';

/** Numeric columns that count or flag rather than measure or configure. */
const bookkeeping = new Set(['seeds', 'replications', 'saturated', 'unfinished', 'jobs', 'calibrationRuns']);

const isPaperColumn = (name: string): boolean => /^paper(_|[A-Z])/.test(name);
const isHalfWidthColumn = (name: string): boolean => /(^h|H)alfWidth$/.test(name);
const numeric = (text: string): number => (text === '' ? Number.NaN : Number(text));
const isNumeric = (text: string): boolean => text === 'NaN' || !Number.isNaN(numeric(text));

/**
 * A reproduction from its CSV (`reproduce <paper> -o PREFIX` writes PREFIX.csv): one row per
 * configuration. A figure is a numeric column with an interval (`xHalfWidth`, or a `halfWidth`
 * right after it) or with the paper's value (`paperX`, `paper_x`); where no column has either,
 * every measuring column is one. The row's configuration (its series) is its text columns that
 * vary, and whole-number columns before the first figure (`k`, `queue`); `load` is the x axis.
 */
export function reproductionFromCsv(text: string, source: string, paper?: string): ReproductionData {
  const { header, rows } = parseCsv(text, source);
  if (rows.length === 0) throw new InputError(source, 2, undefined, 'no rows after the header');
  const column = (name: string) => header.indexOf(name);
  const numericColumn = header.map((_, c) => rows.every((r) => isNumeric(r[c]!)));
  const halfWidthOf = new Map<number, number>();
  const paperOf = new Map<number, number>();
  header.forEach((name, c) => {
    if (!numericColumn[c] || isPaperColumn(name) || isHalfWidthColumn(name)) return;
    const own = column(`${name}HalfWidth`);
    if (own !== -1) halfWidthOf.set(c, own);
    else if (header[c + 1] === 'halfWidth') halfWidthOf.set(c, c + 1);
    const capital = name.charAt(0).toUpperCase() + name.slice(1);
    const inPaper = [column(`paper${capital}`), column(`paper_${name}`)].find((k) => k !== -1);
    if (inPaper !== undefined) paperOf.set(c, inPaper);
  });
  const measured = header.map((_, c) => c).filter((c) => halfWidthOf.has(c) || paperOf.has(c));
  const candidates = header
    .map((_, c) => c)
    .filter((c) => {
      const name = header[c]!;
      return (
        numericColumn[c] &&
        name !== 'load' &&
        !bookkeeping.has(name) &&
        !isPaperColumn(name) &&
        !isHalfWidthColumn(name)
      );
    });
  const figures = measured.length ? measured : candidates;
  if (figures.length === 0)
    throw new InputError(source, 1, undefined, 'no numeric figure columns in the header');
  const firstFigure = Math.min(...figures);
  const varies = (c: number) => new Set(rows.map((r) => r[c])).size > 1;
  const seriesColumns = header
    .map((_, c) => c)
    .filter(
      (c) =>
        varies(c) &&
        (!numericColumn[c]
          ? true
          : c < firstFigure &&
            header[c] !== 'load' &&
            !bookkeeping.has(header[c]!) &&
            rows.every((r) => Number.isInteger(numeric(r[c]!)))),
    );
  const loadColumn = numericColumn[column('load')] ? column('load') : -1;
  const out: ReproducedFigure[] = figures.map((c) => {
    const points: ReproducedPoint[] = [];
    for (const r of rows) {
      const ours = numeric(r[c]!);
      const paperValue = paperOf.has(c) ? numeric(r[paperOf.get(c)!]!) : Number.NaN;
      if (Number.isNaN(ours) && Number.isNaN(paperValue)) continue;
      const halfWidth = halfWidthOf.has(c) ? numeric(r[halfWidthOf.get(c)!]!) : Number.NaN;
      points.push({
        series: seriesColumns.map((s) => r[s]).join(' · ') || 'all',
        ...(loadColumn === -1 ? {} : { load: numeric(r[loadColumn]!) }),
        ours,
        ...(Number.isFinite(halfWidth) ? { halfWidth } : {}),
        ...(Number.isNaN(paperValue) ? {} : { paper: paperValue }),
      });
    }
    return { name: header[c]!, points };
  });
  const name = basename(source).replace(/\.csv$/i, '');
  return {
    name,
    paper: paper ?? name,
    source,
    figures: out.filter((f) => f.points.length > 0),
  };
}
