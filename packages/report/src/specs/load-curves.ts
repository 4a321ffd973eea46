import type { SweepData } from '../model.ts';
import { type Chart, config, slug } from './chart.ts';

/**
 * A sweep's figures against load: a panel per figure, a line per discipline (dashed per workload
 * when there are several), the band its confidence interval. Saturated cells (an unbounded mean)
 * and figures without a value are left out, and the note says how many.
 */
export function loadCurves(sweep: SweepData): Chart | undefined {
  const values = sweep.rows
    .filter((r) => Number.isFinite(r.mean))
    .map((r) => {
      const half = Number.isFinite(r.halfWidth) ? r.halfWidth : 0;
      return {
        metric: r.metric,
        workload: r.workload,
        discipline: r.discipline,
        load: r.load,
        mean: r.mean,
        lower: r.mean - half,
        upper: r.mean + half,
      };
    });
  if (values.length === 0) return undefined;
  const saturated = sweep.rows.filter((r) => r.mean === Number.POSITIVE_INFINITY).length;
  const workloads = new Set(values.map((v) => v.workload)).size;
  const encoding = {
    x: { field: 'load', type: 'quantitative', title: 'load' },
    color: { field: 'discipline', type: 'nominal', sort: null },
    ...(workloads > 1 ? { strokeDash: { field: 'workload', type: 'nominal' as const } } : {}),
  } as const;
  return {
    name: `load-${slug(sweep.name)}`,
    title: `Figures against load: sweep ${sweep.name}`,
    note: `Mean over seeds; the band is the ${Math.round(sweep.confidence * 100)} % confidence interval (none with one seed).${
      saturated ? ` ${saturated} saturated points (unbounded mean) are not drawn.` : ''
    }${sweep.missingCells ? ` ${sweep.missingCells} cells of the grid have no result yet.` : ''}`,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      config,
      data: { values },
      facet: { field: 'metric', type: 'nominal', title: null, sort: null },
      columns: 3,
      resolve: { scale: { y: 'independent' } },
      spec: {
        width: 250,
        height: 180,
        encoding,
        layer: [
          {
            name: 'band',
            mark: { type: 'errorband', opacity: 0.2 },
            encoding: {
              y: { field: 'lower', type: 'quantitative', title: null },
              y2: { field: 'upper' },
            },
          },
          {
            name: 'curve',
            mark: { type: 'line', point: true },
            encoding: { y: { field: 'mean', type: 'quantitative', title: null } },
          },
        ],
      },
    },
  };
}
