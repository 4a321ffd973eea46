import { buildCharts, type DrawingLimits, headline } from '../build.ts';
import type { ReportData } from '../model.ts';
import { font } from '../specs/chart.ts';
import { toVega, vegaRuntime } from './vega.ts';

/** How to title the HTML report, what to list as its sources, and how much to draw per chart. */
export interface HtmlOptions {
  readonly title?: string;
  /** What the report was made from, listed under the title (inputs, the command). */
  readonly sources?: readonly string[];
  readonly limits?: DrawingLimits;
}

/**
 * One self-contained HTML page: the data of every chart, Vega's runtime and a few lines that draw
 * each chart (SVG) when the page opens. Nothing is fetched, so the file opens offline and can be
 * mailed or archived. When every chart is drawn, `<html data-rendered="N">` says how many, and
 * the views are on `window.schedlabViews` by chart name (the browser test reads both).
 */
export function reportHtml(data: ReportData, options: HtmlOptions = {}): string {
  const charts = buildCharts(data, options.limits);
  const title = options.title ?? 'schedlab report';
  const summary = headline(data);
  const compiled = charts.map((c) => ({ name: c.name, vega: toVega(c) }));
  const sections = charts
    .map(
      (c) => `<section id="${c.name}" data-chart="${c.name}">
<h2>${escapeHtml(c.title)}</h2>
<p class="note">${escapeHtml(c.note)}</p>
<div class="chart"></div>
</section>`,
    )
    .join('\n');
  const toc = charts.map((c) => `<a href="#${c.name}">${escapeHtml(c.title)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: ${font}; margin: 24px auto; max-width: 1120px; color: #222; padding: 0 16px; }
h1 { font-size: 22px; margin-bottom: 4px; }
h2 { font-size: 17px; margin: 28px 0 4px; border-bottom: 1px solid #ddd; padding-bottom: 3px; }
.note, .sources, nav { font-size: 13px; color: #555; max-width: 900px; }
.headline { font-size: 15px; background: #f2f8ef; border-left: 4px solid #74c476; padding: 8px 12px; }
.chart { overflow-x: auto; }
.failed { color: #b00; }
</style>
<script>${vegaRuntime().replaceAll('</script', '<\\/script')}</script>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="sources">${(options.sources ?? []).map(escapeHtml).join('<br>')}</p>
${summary ? `<p class="headline">${escapeHtml(summary)}</p>` : ''}
<nav>${toc}</nav>
${sections}
<script type="application/json" id="schedlab-charts">${json(compiled)}</script>
<script>
(async () => {
  const charts = JSON.parse(document.getElementById('schedlab-charts').textContent);
  const views = {};
  for (const chart of charts) {
    const container = document.querySelector('[data-chart="' + chart.name + '"] .chart');
    try {
      const view = new vega.View(vega.parse(chart.vega), { renderer: 'svg', container, hover: true });
      await view.runAsync();
      views[chart.name] = view;
    } catch (error) {
      console.error('chart ' + chart.name + ' could not be drawn: ' + error.message);
      container.className = 'chart failed';
      container.textContent = 'This chart could not be drawn: ' + error.message;
    }
  }
  window.schedlabViews = views;
  document.documentElement.dataset.rendered = String(Object.keys(views).length);
})();
</script>
</body>
</html>
`;
}

/** JSON safe inside a script element: no `</script>`, no `<!--`. */
function json(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
