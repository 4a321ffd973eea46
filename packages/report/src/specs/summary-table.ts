import { bestValues, summaryMetrics } from '../figures.ts';
import type { RunData } from '../model.ts';
import { type Chart, config } from './chart.ts';

/**
 * The summary table as a chart: a row per run, a column per figure, the best value of each figure
 * (lowest, or highest for utilisation) in bold on green. Runs without figures (a schedule file)
 * are left out.
 */
export function summaryTable(runs: readonly RunData[]): Chart | undefined {
  const withFigures = runs.filter((r) => r.summary);
  if (withFigures.length === 0) return undefined;
  const best = bestValues(withFigures.map((r) => r.summary!));
  const values = withFigures.flatMap((r) =>
    summaryMetrics.map((m) => {
      const value = r.summary![m.key]!;
      return {
        run: r.label,
        figure: m.label,
        // JSON has no NaN: null, shown as –.
        value: Number.isFinite(value) ? value : null,
        best: best[m.key] !== undefined && value === best[m.key],
      };
    }),
  );
  return {
    name: 'summary',
    title: 'Summary',
    note: `Each run’s figures as the terminal table prints them; the best value of each column (lowest, or highest for utilisation) is bold on green.${runs.length > withFigures.length ? ' Runs read from a schedule file have no figures and are not in the table.' : ''}`,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      config,
      data: { values },
      width: { step: 118 },
      height: { step: 26 },
      // Figure names on top, as in a table.
      encoding: {
        x: {
          field: 'figure',
          type: 'nominal',
          sort: summaryMetrics.map((m) => m.label),
          axis: {
            orient: 'top',
            labelAngle: 0,
            title: null,
            labelLimit: 116,
            grid: false,
            ticks: false,
            domain: false,
          },
        },
        y: {
          field: 'run',
          type: 'nominal',
          sort: null,
          title: null,
          axis: { grid: false, ticks: false, domain: false },
        },
      },
      layer: [
        {
          name: 'cells',
          mark: { type: 'rect', stroke: '#dddddd' },
          encoding: {
            fill: {
              condition: { test: 'datum.best', value: '#c7e9c0' },
              value: 'white',
            },
          },
        },
        ...(['normal', 'bold'] as const).map((weight) => ({
          name: weight === 'bold' ? 'best' : 'values',
          mark: { type: 'text' as const, fontSize: 11, fontWeight: weight },
          encoding: { text: { field: 'label', type: 'nominal' as const } },
          transform: [
            { filter: weight === 'bold' ? 'datum.best' : '!datum.best' },
            {
              calculate: "isValid(datum.value) ? format(datum.value, ',.4~r') : '–'",
              as: 'label',
            },
          ],
        })),
      ],
    },
  };
}
