import type { TopLevelSpec } from 'vega-lite';

/** One chart of a report: a Vega-Lite spec with its data inlined, and what a reader should know. */
export interface Chart {
  /** Stable name: `--figure NAME`, the HTML anchor, the test's handle. */
  readonly name: string;
  readonly title: string;
  /** How to read it, and how the data was thinned for drawing, if it was. */
  readonly note: string;
  readonly spec: TopLevelSpec;
}

/** DejaVu first: the font headless figures are rendered with (see render/fonts.ts). */
export const font = 'DejaVu Sans, Verdana, Helvetica, Arial, sans-serif';

/** Settings every chart shares. */
export const config = {
  font,
  background: 'white',
  axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: '#eeeeee' },
  legend: { labelFontSize: 11, titleFontSize: 12, orient: 'right' },
  title: { fontSize: 14, anchor: 'start' },
  view: { stroke: '#dddddd' },
} as const;

/** An axis of seconds in SI steps (2k, 4M), 0 printed as 0 rather than "0M" beside millions. */
export const secondsAxis = { labelExpr: "datum.value === 0 ? '0' : format(datum.value, '~s')" };

/** Seconds in the shortest unit that keeps them readable, for notes. */
export function duration(seconds: number): string {
  if (seconds >= 86400) return `${+(seconds / 86400).toFixed(2)} d`;
  if (seconds >= 3600) return `${+(seconds / 3600).toFixed(2)} h`;
  if (seconds >= 60) return `${+(seconds / 60).toFixed(2)} min`;
  return `${+seconds.toFixed(2)} s`;
}

/** An id made of the characters a file name, an HTML id and a CSS class all accept. */
export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
