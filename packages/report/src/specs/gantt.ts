import { barKinds, type Gantt } from '../derive/gantt.ts';
import { type Chart, config, duration, secondsAxis, slug } from './chart.ts';

/** Fixed colours per bar kind, so every Gantt of a report reads the same. */
const kindColours = ['#4c78a8', '#f58518', '#e45756', '#b279a2', '#54a24b'];

/**
 * A run's Gantt chart: processors down, time across, a bar per stretch a job held a range of
 * processors, coloured by how that stretch began (backfilled, resumed after preemption,
 * restarted, resized). Zoom and pan with the wheel and drag, double-click to reset; the tooltip
 * names the job. A gang run whose segments say their slot gets a row of bars per slot.
 */
export function ganttChart(g: Gantt): Chart {
  const slots = g.bars.some((b) => b.slot !== undefined);
  const values = g.bars.map((b) => ({ ...b, label: `job ${b.job}` }));
  const unit = {
    name: 'bars',
    width: 860,
    height: slots ? 120 : 300,
    params: [
      {
        name: 'zoom',
        select: { type: 'interval' as const, encodings: ['x' as const, 'y' as const] },
        bind: 'scales' as const,
      },
    ],
    mark: { type: 'rect' as const, stroke: 'white', strokeWidth: 0.3, clip: true },
    encoding: {
      x: {
        field: 'from',
        type: 'quantitative' as const,
        title: 'time (s)',
        scale: { domain: [g.window.from, g.window.to] as number[] },
        axis: secondsAxis,
      },
      x2: { field: 'to' },
      y: {
        field: 'p0',
        type: 'quantitative' as const,
        title: 'processor',
        scale: { domain: [0, Math.max(g.processors, 1)] as number[], reverse: true, nice: false },
      },
      y2: { field: 'p1' },
      color: {
        field: 'kind',
        type: 'nominal' as const,
        title: 'stretch',
        scale: { domain: [...barKinds] as string[], range: kindColours },
      },
      description: { field: 'label', type: 'nominal' as const },
      tooltip: [
        { field: 'job', type: 'quantitative' as const, title: 'job' },
        { field: 'from', type: 'quantitative' as const, title: 'from (s)' },
        { field: 'to', type: 'quantitative' as const, title: 'to (s)' },
        { field: 'p0', type: 'quantitative' as const, title: 'first processor' },
        { field: 'p1', type: 'quantitative' as const, title: 'last processor + 1' },
        { field: 'kind', type: 'nominal' as const, title: 'stretch' },
      ],
    },
  };
  const span = g.window.to - g.window.from;
  return {
    name: `gantt-${slug(g.run)}`,
    title: `Gantt chart: ${g.run}`,
    note: g.cut
      ? `${g.bars.length} of the run’s ${g.totalBars} bars: the window ${duration(g.window.from)}–${duration(
          g.window.to,
        )} (${duration(span)}) is as long as it can be with at most the report’s bar limit starting in it, the same window for every run. Zoom with the wheel, pan by dragging.`
      : `Every bar of the run (${g.totalBars}). Zoom with the wheel, pan by dragging, double-click to reset.`,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      config,
      data: { values },
      ...(slots
        ? { facet: { row: { field: 'slot', type: 'ordinal' as const, title: 'slot' } }, spec: unit }
        : unit),
    } as Chart['spec'],
  };
}
