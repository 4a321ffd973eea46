import { Resvg } from '@resvg/resvg-js';
import { parse, View } from 'vega';
import type { Chart } from '../specs/chart.ts';
import { toVega } from './vega.ts';

/** The file formats a figure can be rendered to: vector SVG, or PNG rasterised from it. */
export type FigureFormat = 'svg' | 'png';
/** Every {@link FigureFormat}, as `report --format` accepts them. */
export const figureFormats: readonly FigureFormat[] = ['svg', 'png'];

/**
 * One chart as a file for a paper, drawn in Node without a browser: Vega renders the SVG; for PNG
 * resvg rasterises it at `scale` (default 2) with exactly the `fonts` given (see figureFonts), the
 * system's fonts never consulted, so the picture is the same on every machine.
 */
export async function renderFigure(
  chart: Chart,
  format: FigureFormat,
  fonts: readonly string[],
  scale = 2,
): Promise<Buffer> {
  const view = new View(parse(toVega(chart)), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  if (format === 'svg') return Buffer.from(svg, 'utf8');
  const png = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'zoom', value: scale },
    font: {
      fontFiles: [...fonts],
      loadSystemFonts: false,
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
    },
  }).render();
  return png.asPng();
}
