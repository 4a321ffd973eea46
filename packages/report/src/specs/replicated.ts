import { summaryMetrics } from '../figures.ts';
import type { ReplicatedData } from '../model.ts';
import { type Chart, config } from './chart.ts';
import { tableSpec } from './table-spec.ts';

/** The figures a replicated run gives intervals for, in the summary table's order and words. */
function shownFigures(runs: readonly ReplicatedData[]) {
  const keys = new Set(runs.flatMap((r) => Object.keys(r.figures)));
  const known = summaryMetrics.filter((m) => keys.has(m.key));
  const rest = [...keys]
    .filter((k) => !known.some((m) => m.key === k))
    .sort()
    .map((key) => ({ key, label: key, better: 'lower' as const }));
  return [...known, ...rest];
}

/** One value per run and figure: mean, interval, and whether its mean is the best of the runs. */
function cells(runs: readonly ReplicatedData[]) {
  const figures = shownFigures(runs);
  return figures.flatMap((m) => {
    const means = runs.map((r) => r.figures[m.key]?.mean).filter((v): v is number => Number.isFinite(v));
    const best = means.length ? (m.better === 'lower' ? Math.min(...means) : Math.max(...means)) : undefined;
    return runs.flatMap((r) => {
      const f = r.figures[m.key];
      if (!f) return [];
      const bounded = Number.isFinite(f.halfWidth);
      return [
        {
          run: `${r.label} (${r.replications} × ${r.workload}, ${r.stop})`,
          discipline: r.label,
          figure: m.label,
          // JSON has no NaN or Infinity: null, shown as – (mean) or ∞ (half-width).
          mean: Number.isFinite(f.mean) ? f.mean : null,
          halfWidth: bounded ? f.halfWidth : null,
          lower: bounded && Number.isFinite(f.mean) ? f.mean - f.halfWidth : null,
          upper: bounded && Number.isFinite(f.mean) ? f.mean + f.halfWidth : null,
          confidence: f.confidence,
          best: best !== undefined && f.mean === best,
        },
      ];
    });
  });
}

/**
 * Replicated runs as a table: a row per run, a column per figure, each cell `mean ± half-width`
 * of the figure's confidence interval; the best mean of each column bold on green (as in the
 * summary table: with overlapping intervals it is best by the means only).
 */
export function replicatedTable(runs: readonly ReplicatedData[]): Chart | undefined {
  if (runs.length === 0) return undefined;
  const values = cells(runs);
  const confidence = [...new Set(values.map((v) => v.confidence))].map((c) => `${+(100 * c).toFixed(1)} %`);
  return {
    name: 'replicated',
    title: 'Replicated runs: mean ± half-width',
    note: `Each figure’s mean over the replications that did not saturate, ± the half-width of its ${confidence.join(' / ')} confidence interval (∞: fewer than two replications). The best mean of each column is bold on green; where intervals overlap the difference may be chance.`,
    spec: tableSpec(
      values,
      shownFigures(runs).map((m) => m.label),
      150,
      "(isValid(datum.mean) ? format(datum.mean, ',.4~r') : '–') + ' ± ' + (isValid(datum.halfWidth) ? format(datum.halfWidth, ',.3~r') : '∞')",
    ),
  };
}

/**
 * Interval bars: a panel per figure, a row per discipline, the mean as a point and its
 * confidence interval as a bar through it; each panel has its own scale.
 */
export function replicatedIntervals(runs: readonly ReplicatedData[]): Chart | undefined {
  if (runs.length === 0) return undefined;
  const values = cells(runs).filter((v) => v.mean !== null);
  const y = { field: 'discipline', type: 'nominal', sort: null, title: null } as const;
  return {
    name: 'replicated-intervals',
    title: 'Replicated runs: each figure’s interval per discipline',
    note: 'The dot is the mean over replications, the bar its confidence interval (none drawn where it is unbounded). Panels have their own scales: compare along a panel, not across.',
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      config,
      data: { values },
      facet: { field: 'figure', type: 'nominal', title: null, sort: shownFigures(runs).map((m) => m.label) },
      columns: 3,
      resolve: { scale: { x: 'independent' } },
      spec: {
        width: 240,
        height: { step: 22 },
        layer: [
          {
            name: 'intervals',
            transform: [{ filter: 'isValid(datum.lower)' }],
            mark: { type: 'rule', strokeWidth: 3, color: '#4c78a8' },
            encoding: {
              y,
              x: { field: 'lower', type: 'quantitative', title: null, scale: { zero: false } },
              x2: { field: 'upper' },
            },
          },
          {
            name: 'means',
            mark: { type: 'point', filled: true, color: 'black', size: 40 },
            encoding: {
              y,
              x: { field: 'mean', type: 'quantitative', title: null, scale: { zero: false } },
              tooltip: [
                { field: 'discipline', type: 'nominal' },
                { field: 'mean', type: 'quantitative', format: ',.4~r' },
                { field: 'halfWidth', type: 'quantitative', title: '± half-width', format: ',.3~r' },
              ],
            },
          },
        ],
      },
    } as Chart['spec'],
  };
}
