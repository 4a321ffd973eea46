import type { ReproductionData } from '../model.ts';
import { type Chart, config, slug } from './chart.ts';

/**
 * A reproduction beside the paper: a row per figure. Against load, our curves (with their
 * confidence band) on the left and the paper's on the right, on the same y scale; without load, a
 * bar per configuration (ours, with its interval) and the paper's value as a black tick on it.
 */
export function reproduction(r: ReproductionData, maxFigures = 8): Chart | undefined {
  const figures = r.figures.slice(0, maxFigures);
  if (figures.length === 0) return undefined;
  const rows = figures.map((f) => {
    const values = f.points.map((p) => ({
      ...p,
      lower: p.halfWidth === undefined ? p.ours : p.ours - p.halfWidth,
      upper: p.halfWidth === undefined ? p.ours : p.ours + p.halfWidth,
    }));
    const byLoad = values.some((p) => p.load !== undefined) && new Set(values.map((p) => p.load)).size > 1;
    const hasPaper = values.some((p) => p.paper !== undefined);
    const color = { field: 'series', type: 'nominal', title: 'configuration', sort: null } as const;
    if (byLoad) {
      const x = { field: 'load', type: 'quantitative', title: 'load' } as const;
      const ours = {
        title: `${f.name}: ours`,
        width: 300,
        height: 170,
        layer: [
          {
            mark: { type: 'errorband', opacity: 0.2 },
            encoding: {
              x,
              y: { field: 'lower', type: 'quantitative', title: f.name },
              y2: { field: 'upper' },
              color,
            },
          },
          {
            mark: { type: 'line', point: true },
            encoding: { x, y: { field: 'ours', type: 'quantitative', title: f.name }, color },
          },
        ],
      };
      const paper = {
        title: `${f.name}: paper`,
        width: 300,
        height: 170,
        transform: [{ filter: 'isValid(datum.paper)' }],
        mark: { type: 'line', point: true, strokeDash: [4, 3] },
        encoding: { x, y: { field: 'paper', type: 'quantitative', title: f.name }, color },
      };
      return {
        data: { values },
        resolve: { scale: { y: 'shared' } },
        hconcat: hasPaper ? [ours, paper] : [ours],
      };
    }
    const y = { field: 'series', type: 'nominal', title: null, sort: null } as const;
    return {
      data: { values },
      title: `${f.name}: ours (bars, with interval)${hasPaper ? ', paper (black ticks)' : ''}`,
      width: 420,
      height: { step: 16 },
      layer: [
        { mark: 'bar', encoding: { y, x: { field: 'ours', type: 'quantitative', title: f.name }, color } },
        {
          transform: [{ filter: 'datum.upper !== datum.lower' }],
          mark: 'rule',
          encoding: { y, x: { field: 'lower', type: 'quantitative' }, x2: { field: 'upper' } },
        },
        ...(hasPaper
          ? [
              {
                transform: [{ filter: 'isValid(datum.paper)' }],
                mark: { type: 'tick', color: 'black', thickness: 2 },
                encoding: { y, x: { field: 'paper', type: 'quantitative' } },
              },
            ]
          : []),
      ],
    };
  });
  const hasPaper = figures.some((f) => f.points.some((p) => p.paper !== undefined));
  const findings = r.findings?.length ? findingsPanel(r.findings) : undefined;
  const paperNote = hasPaper
    ? 'Our figures beside the paper’s, from the same table.'
    : findings
      ? 'The paper gives charts, not numbers: its findings in words beside our figures.'
      : 'This reproduction’s table carries no paper values; our figures only.';
  return {
    name: `reproduce-${slug(r.name)}`,
    title: `Reproduction: ${r.paper}`,
    note: `${paperNote}${r.figures.length > maxFigures ? ` The first ${maxFigures} of ${r.figures.length} figures.` : ''}`,
    // Each row brings its own data; vega-lite types concatenations of layered units loosely.
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      config,
      ...(findings ? { hconcat: [{ vconcat: rows }, findings] } : { vconcat: rows }),
    } as Chart['spec'],
  };
}

/** The paper's findings as a column of text, its lines wrapped to fit beside the charts. */
function findingsPanel(findings: readonly string[], width = 60) {
  const lines: string[] = [];
  for (const paragraph of findings.join(' ').split(/\n+/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  }
  return {
    title: 'The paper',
    data: { values: lines.map((text, line) => ({ line, text })) },
    width: 360,
    height: { step: 16 },
    mark: { type: 'text', align: 'left', x: 0, fontSize: 12 },
    encoding: {
      y: { field: 'line', type: 'ordinal', axis: null },
      text: { field: 'text', type: 'nominal' },
    },
  };
}
