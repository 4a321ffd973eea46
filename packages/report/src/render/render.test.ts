import { ConfigError } from '@js/errors';
import { describe, expect, it } from 'vitest';
import { buildCharts } from '../build.ts';
import { rigid, runOf } from '../test-support.ts';
import { renderFigure } from './figure.ts';
import { figureFonts } from './fonts.ts';
import { reportHtml } from './html.ts';

const data = {
  runs: [runOf('easy', [rigid(1, 0, 0, 10, 0, 3), { ...rigid(2, 0, 0, 10, 4, 7), backfilled: true }])],
  sweeps: [],
  reproductions: [],
};

describe('the HTML report', () => {
  const html = reportHtml(data, { title: 'a <test>' });

  it('carries its data and Vega’s runtime, and fetches nothing', () => {
    expect(html).toContain('<title>a &lt;test&gt;</title>');
    expect(html).toContain('id="schedlab-charts"');
    expect(html).toContain('data-chart="gantt-easy"');
    expect(html).not.toMatch(
      /<script[^>]+src=|<link[^>]+href=|@import|https?:\/\/(?!vega\.github\.io\/schema)[^"'\s]*\.(js|css)/,
    );
    // Vega's bundle defines the global the page draws with.
    expect(html).toMatch(/\.vega=\{\}|vega=\{\}/);
  });

  it('keeps a closing script tag in the data from ending the script', () => {
    const sneaky = reportHtml({ ...data, runs: [{ ...data.runs[0]!, label: '</script><b>x' }] });
    const json = sneaky.slice(sneaky.indexOf('id="schedlab-charts">'), sneaky.lastIndexOf('</script>'));
    expect(json.split('</script>')).toHaveLength(2);
  });
});

describe('headless figures', () => {
  const gantt = buildCharts(data).find((c) => c.name === 'gantt-easy')!;

  it('render a chart as SVG with its bars and text', async () => {
    const svg = (await renderFigure(gantt, 'svg', [])).toString('utf8');
    expect(svg).toMatch(/^<svg/);
    expect(svg.match(/aria-label="job \d+"/g)).toHaveLength(2);
    expect(svg).toContain('processor');
  });

  it('render a PNG with the fonts given', async () => {
    const fonts = figureFonts();
    const png = await renderFigure(gantt, 'png', fonts);
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(png.readUInt32BE(16)).toBe(
      2 * Number(/width="(\d+)"/.exec((await renderFigure(gantt, 'svg', [])).toString())![1]),
    );
  });

  it('refuse a font file that does not exist, with a coded error', () => {
    expect(() => figureFonts(['/nonexistent/font.ttf'])).toThrow(ConfigError);
    expect(() => figureFonts(['/nonexistent/font.ttf'])).toThrow(
      expect.objectContaining({ code: 'CONFIG_ERROR' }),
    );
  });
});
