import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, schedlab, swfTrace } from './cli.test-support.ts';

/**
 * A report from a small `compare`, opened in a real browser: Debian's chromium driven by
 * playwright-core (Playwright's own browser download is not used). A screenshot of each chart is
 * kept in `test-output/report-browser/` at the repository's root.
 */
const chromiumPath = '/usr/bin/chromium';
const present = existsSync(chromiumPath);
const disciplines = ['fcfs', 'easy', 'conservative'];
const screenshots = join(root, 'test-output', 'report-browser');

if (!present && !process.env.CI)
  console.warn(`report.browser.test: ${chromiumPath} not found; skipped here (CI fails without it)`);

describe.skipIf(!present && !process.env.CI)('the report in chromium', () => {
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const schedules: Record<string, { jobs: { id: number; segments: { processors: unknown[] }[] }[] }> = {};

  beforeAll(async () => {
    // In CI a missing browser is a failure, not a skip.
    expect(present, `${chromiumPath} is missing: install Debian's chromium package`).toBe(true);
    const dir = await mkdtemp(join(tmpdir(), 'schedlab-report-browser-'));
    const trace = join(dir, 'small.swf');
    // 8 processors; jobs (id, submit, run time, size) that give backfilling something to do.
    const jobs = [
      [1, 0, 100, 6],
      [2, 0, 50, 8],
      [3, 10, 80, 2],
      [4, 20, 30, 4],
      [5, 30, 20, 2],
      [6, 40, 60, 3],
    ];
    await writeFile(trace, swfTrace(8, jobs));
    const report = join(dir, 'report.html');
    const compared = await schedlab('compare', '-d', disciplines.join(','), '-w', trace, '--report', report);
    expect(compared.code, compared.stderr).toBe(0);
    // The truth the Gantt charts are checked against: each discipline's written schedule.
    for (const d of disciplines) {
      const out = join(dir, `${d}.json`);
      expect((await schedlab('run', '-d', d, '-w', trace, '--out', out)).code).toBe(0);
      schedules[d] = JSON.parse(await readFile(out, 'utf8'));
    }
    browser = await chromium.launch({ executablePath: chromiumPath });
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`file://${report}`);
    await page.waitForSelector('html[data-rendered]', { timeout: 30_000 });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** Children (marks) of each SVG mark group of a chart whose class names `name`. */
  const marks = (chart: string, name: string) =>
    page.evaluate<number[]>(
      `[...document.querySelectorAll('[data-chart="${chart}"] svg g.role-mark.${name}')].map((g) => g.children.length)`,
    );

  it('draws every chart, with no console error', async () => {
    const charts = await page.evaluate<string[]>(
      `[...document.querySelectorAll('[data-chart]')].map((s) => s.dataset.chart)`,
    );
    expect(charts).toEqual([
      'summary',
      'utilisation-queue',
      'distributions',
      ...disciplines.map((d) => `gantt-${d}`),
    ]);
    expect(await page.evaluate<string>('document.documentElement.dataset.rendered')).toBe(
      String(charts.length),
    );
    expect(await page.evaluate<number>(`document.querySelectorAll('[data-chart] .chart svg').length`)).toBe(
      charts.length,
    );
    expect(problems).toEqual([]);
  });

  it('shows a table cell and a value per discipline and figure, one line per discipline in each plot', async () => {
    expect(await marks('summary', 'cells_marks')).toEqual([disciplines.length * 9]);
    const values = [...(await marks('summary', 'values_marks')), ...(await marks('summary', 'best_marks'))];
    expect(values.reduce((a, b) => a + b, 0)).toBe(disciplines.length * 9);
    expect(await marks('utilisation-queue', 'utilisation_marks')).toEqual(disciplines.map(() => 1));
    expect(await marks('utilisation-queue', 'queue_marks')).toEqual(disciplines.map(() => 1));
    for (const metric of ['wait', 'response', 'boundedSlowdown'])
      expect((await marks('distributions', `ecdf_${metric}_marks`)).length).toBe(disciplines.length);
  });

  it('draws a Gantt bar per segment and processor range of each job of the run', async () => {
    for (const d of disciplines) {
      const expected = schedules[d]!.jobs.flatMap((j) =>
        j.segments.flatMap((s) => s.processors.map(() => j.id)),
      );
      const labels = await page.evaluate<string[]>(
        `[...document.querySelectorAll('[data-chart="gantt-${d}"] g.bars_marks > path')].map((p) => p.getAttribute('aria-label'))`,
      );
      expect(labels.map((l) => Number(l.replace('job ', ''))).sort(), d).toEqual(expected.sort());
    }
  });

  it('keeps a screenshot of each chart', async () => {
    await mkdir(screenshots, { recursive: true });
    const charts = await page.evaluate<string[]>(
      `[...document.querySelectorAll('[data-chart]')].map((s) => s.dataset.chart)`,
    );
    for (const chart of charts) {
      const path = join(screenshots, `${chart}.png`);
      await page.locator(`[data-chart="${chart}"]`).screenshot({ path });
      expect(existsSync(path)).toBe(true);
    }
  });
});
