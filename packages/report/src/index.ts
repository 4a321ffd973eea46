/** @js/report: reports for schedlab — a self-contained HTML report and headless figures. */
export { buildCharts, type DrawingLimits, headline } from './build.ts';
export { barKinds, type Gantt, type GanttBar, type GanttWindow, gantts } from './derive/gantt.ts';
export { type SummaryMetric, summaryMetrics } from './figures.ts';
export {
  addJob,
  addSegment,
  emptyJobs,
  emptySegments,
  type IntervalFigure,
  type JobColumns,
  type JobInput,
  processorsSeen,
  type ReplicatedData,
  type ReportData,
  type ReproducedFigure,
  type ReproducedPoint,
  type ReproductionData,
  type RunData,
  type SegmentColumns,
  type SegmentInput,
  type SweepData,
  type SweepRow,
  segmentBeginnings,
} from './model.ts';
export { readInputs } from './read/inputs.ts';
export { replicatedFromReport } from './read/replicated.ts';
export { type RunReportInput, runFromReport, runReportSchema } from './read/run-report.ts';
export { type FigureFormat, figureFormats, renderFigure } from './render/figure.ts';
export { figureFonts } from './render/fonts.ts';
export { type HtmlOptions, reportHtml } from './render/html.ts';
export type { Chart } from './specs/chart.ts';
