import { bestValues, summaryMetrics } from '../figures.ts';
import type { RunData } from '../model.ts';
import type { Chart } from './chart.ts';
import { tableSpec } from './table-spec.ts';

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
    spec: tableSpec(
      values,
      summaryMetrics.map((m) => m.label),
      118,
      "isValid(datum.value) ? format(datum.value, ',.4~r') : '–'",
    ),
  };
}
