import { distributionMetrics, ecdfs } from '../derive/distributions.ts';
import type { RunData } from '../model.ts';
import { type Chart, config, secondsAxis } from './chart.ts';

/**
 * Empirical CDFs of wait, response and bounded slowdown, a line per run, on log axes (wait on a
 * symmetric log axis, which also shows the jobs that never waited). A curve further left and up
 * is better: more jobs did at least that well.
 */
export function distributions(runs: readonly RunData[], maxPoints = 200): Chart | undefined {
  const values = ecdfs(runs, maxPoints);
  if (values.length === 0) return undefined;
  const drawn = runs.filter((r) => r.jobs && r.jobs.id.length > 0);
  const thinned = drawn.some((r) => r.jobs!.id.length > maxPoints);
  return {
    name: 'distributions',
    title: 'Distributions per discipline',
    note: `Fraction of jobs (y) whose figure is at most x. Further left is better.${
      thinned
        ? ` Runs of more than ${maxPoints} jobs are drawn through ${maxPoints} evenly spaced quantiles (the first and last job included).`
        : ''
    }`,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      config,
      data: { values },
      hconcat: distributionMetrics.map(({ key, label }) => ({
        name: `ecdf_${key}`,
        width: 260,
        height: 200,
        transform: [{ filter: `datum.metric === '${key}'${key === 'wait' ? '' : ' && datum.value > 0'}` }],
        mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.6 },
        encoding: {
          x: {
            field: 'value',
            type: 'quantitative',
            title: label,
            scale: key === 'wait' ? { type: 'symlog', constant: 1 } : { type: 'log' },
            axis: secondsAxis,
          },
          y: { field: 'p', type: 'quantitative', title: 'fraction of jobs', scale: { domain: [0, 1] } },
          color: { field: 'run', type: 'nominal', title: 'discipline', sort: null },
        },
      })),
    },
  };
}
