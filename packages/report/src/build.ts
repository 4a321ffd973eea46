import { type GanttWindow, gantts } from './derive/gantt.ts';
import { bestValues, summaryMetrics } from './figures.ts';
import type { ReportData } from './model.ts';
import type { Chart } from './specs/chart.ts';
import { distributions } from './specs/distributions.ts';
import { ganttChart } from './specs/gantt.ts';
import { loadCurves } from './specs/load-curves.ts';
import { replicatedIntervals, replicatedTable } from './specs/replicated.ts';
import { reproduction } from './specs/reproduction.ts';
import { summaryTable } from './specs/summary-table.ts';
import { utilisationAndQueue } from './specs/time-series.ts';

/** How much of a large run is drawn: every bound keeps the file small and the browser quick. */
export interface DrawingLimits {
  /** Buckets of the utilisation and queue time series (default 400). */
  readonly timeBuckets?: number;
  /** Points per ECDF curve (default 200). */
  readonly ecdfPoints?: number;
  /** Bars per Gantt chart (default 2000). */
  readonly ganttBars?: number;
  /** The Gantt charts' time window (default: from the first segment, as long as the bars allow). */
  readonly ganttWindow?: Partial<GanttWindow>;
}

/** Every chart the data allows, in reading order: who wins, why over time, how jobs fared, where. */
export function buildCharts(data: ReportData, limits: DrawingLimits = {}): Chart[] {
  const charts: (Chart | undefined)[] = [
    summaryTable(data.runs),
    replicatedTable(data.replicated ?? []),
    replicatedIntervals(data.replicated ?? []),
    utilisationAndQueue(data.runs, limits.timeBuckets),
    distributions(data.runs, limits.ecdfPoints),
    ...gantts(data.runs, limits.ganttBars, limits.ganttWindow).map(ganttChart),
    ...data.sweeps.map(loadCurves),
    ...data.reproductions.map((r) => reproduction(r)),
  ];
  return charts.filter((c): c is Chart => c !== undefined);
}

/** Which run is best at what, in words: the report's first line, for several runs with figures. */
export function headline(data: ReportData): string | undefined {
  const runs = data.runs.filter((r) => r.summary);
  if (runs.length < 2) return undefined;
  const best = bestValues(runs.map((r) => r.summary!));
  const shown = ['boundedSlowdown.mean', 'wait.mean', 'response.mean', 'utilisation.processors'];
  const parts = summaryMetrics
    .filter((m) => shown.includes(m.key) && best[m.key] !== undefined)
    .map((m) => {
      const winners = runs.filter((r) => r.summary![m.key] === best[m.key]).map((r) => r.label);
      return `${m.better === 'lower' ? 'lowest' : 'highest'} ${m.label}: ${winners.join(', ')}`;
    });
  return parts.length ? `${parts.join('; ')}.` : undefined;
}
