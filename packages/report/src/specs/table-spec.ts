import type { TopLevelSpec } from 'vega-lite';
import { config } from './chart.ts';

/**
 * A table drawn as a chart (Vega-Lite): a row per `run`, a column per `figure` (names on top, in
 * `columns` order), each cell's text computed by `label` (a Vega expression), and the cells whose
 * `best` is true bold on green. The summary table and the replicated runs' table share it.
 */
export function tableSpec(
  values: readonly Record<string, unknown>[],
  columns: readonly string[],
  columnWidth: number,
  label: string,
): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config,
    data: { values: [...values] },
    width: { step: columnWidth },
    height: { step: 26 },
    encoding: {
      x: {
        field: 'figure',
        type: 'nominal',
        sort: [...columns],
        axis: {
          orient: 'top',
          labelAngle: 0,
          title: null,
          labelLimit: columnWidth - 2,
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
        encoding: { fill: { condition: { test: 'datum.best', value: '#c7e9c0' }, value: 'white' } },
      },
      ...(['normal', 'bold'] as const).map((weight) => ({
        name: weight === 'bold' ? 'best' : 'values',
        mark: { type: 'text' as const, fontSize: 11, fontWeight: weight },
        encoding: { text: { field: 'label', type: 'nominal' as const } },
        transform: [
          { filter: weight === 'bold' ? 'datum.best' : '!datum.best' },
          { calculate: label, as: 'label' },
        ],
      })),
    ],
  };
}
