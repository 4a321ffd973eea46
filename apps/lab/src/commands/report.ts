import { ConfigError, type RunObserver } from '@js/core';
import { boundedSlowdown } from '@js/metrics';
import {
  addSegment,
  buildCharts,
  emptyJobs,
  emptySegments,
  type FigureFormat,
  figureFonts,
  figureFormats,
  type ReportData,
  type RunData,
  readInputs,
  renderFigure,
  replicatedFromReport,
  reportHtml,
  runFromReport,
} from '@js/report';
import type { Command } from 'commander';
import { atomicStream, writeFileAtomic } from '../output/atomic.ts';
import { checkOutputPath } from '../output/paths.ts';
import { segmentRecorder } from '../output/segments.ts';
import type { RunReport } from '../run/execute.ts';

interface ReportFlags {
  readonly out: string;
  readonly figure?: string;
  readonly format?: string;
  readonly font?: string[];
  readonly title?: string;
}

export function reportCommand(program: Command): void {
  program
    .command('report')
    .argument(
      '<inputs...>',
      'results the app wrote: run --out x.json, run/compare --json output, a sweep directory (after summarize), reproduce -o PREFIX (.csv or .json)',
    )
    .description(
      'one self-contained HTML report (summary, distributions, utilisation and queue over time, Gantt charts, load curves, reproductions), or one chart as a figure',
    )
    .requiredOption('-o, --out <file>', 'the report (.html), or with --figure the figure (.svg, .png)')
    .option(
      '--figure <name>',
      'write only this chart, rendered without a browser (names: see the error for a wrong one)',
    )
    .option('--format <format>', 'the figure’s format: svg or png (default: from --out)')
    .option(
      '--font <file>',
      'a font file for --figure (default: DejaVu Sans from the system’s font directories); repeatable',
      (file: string, previous: string[] = []) => [...previous, file],
    )
    .option('--title <text>', 'the report’s title')
    .action(async (inputs: string[], flags: ReportFlags) => {
      const format = flags.figure === undefined ? undefined : figureFormat(flags);
      checkOutputPath(flags.out, {
        option: '--out',
        formats: format ? [`.${format}`] : ['.html'],
        inputs: [...inputs, ...(flags.font ?? [])],
      });
      const data = await readInputs(inputs);
      if (flags.figure !== undefined && format) {
        const fonts = figureFonts(flags.font);
        await writeFigure(data, flags.figure, format, fonts, flags.out);
        console.log(`figure ${flags.figure} written to ${flags.out}`);
        return;
      }
      await writeFileAtomic(
        flags.out,
        reportHtml(data, { title: flags.title, sources: inputs.map((i) => `input: ${i}`) }),
      );
      console.log(`report written to ${flags.out}`);
    });
}

/** --format, or the figure's format from the --out ending; the two must agree. */
function figureFormat(flags: ReportFlags): FigureFormat {
  const fromName = figureFormats.find((f) => flags.out.toLowerCase().endsWith(`.${f}`));
  const asked = flags.format?.toLowerCase();
  if (asked !== undefined && !figureFormats.includes(asked as FigureFormat))
    throw new ConfigError(`--format ${flags.format}: expected ${figureFormats.join(' or ')}`);
  if (asked !== undefined && fromName !== undefined && asked !== fromName)
    throw new ConfigError(`--format ${asked} but --out ${flags.out} ends in .${fromName}: make them agree`);
  const format = (asked ?? fromName) as FigureFormat | undefined;
  if (!format)
    throw new ConfigError(`--out ${flags.out}: a figure’s name must end in .svg or .png (or give --format)`);
  return format;
}

async function writeFigure(
  data: ReportData,
  name: string,
  format: FigureFormat,
  fonts: string[],
  out: string,
): Promise<void> {
  const charts = buildCharts(data);
  const chart = charts.find((c) => c.name === name);
  if (!chart)
    throw new ConfigError(
      `--figure ${name}: no such chart in this report; its charts: ${charts.map((c) => c.name).join(', ') || 'none'}`,
    );
  const bytes = await renderFigure(chart, format, fonts);
  if (format === 'svg') await writeFileAtomic(out, bytes.toString('utf8'));
  else await writeBinaryAtomic(out, bytes);
}

/**
 * `run --report FILE` and `compare --report FILE`: what each run's jobs did, recorded while it
 * runs (every job's record, every stretch it held processors), then one report of all the runs.
 * The path is checked before any run, like every output.
 */
export interface RunReportWriter {
  /** An observer for the run of `label` (a discipline, or a partitioned run's label). */
  observer(label: string): RunObserver;
  /** Write the report of these runs; runs not observed (reused from --results) bring their figures only. */
  write(reports: readonly RunReport[]): Promise<void>;
  /** Write the report of replicated runs: each figure as a mean with its interval. */
  writeReplicated(reports: readonly unknown[]): Promise<void>;
}

/**
 * The writer of `--report path`, its path checked before any run. Replicated runs (`--replicate`)
 * are drawn by their figures, each a mean with its interval: a replication's jobs are many runs.
 */
export function runReportWriter(path: string, inputs: readonly (string | undefined)[]): RunReportWriter {
  checkOutputPath(path, { option: '--report', formats: ['.html'], inputs });
  const recorded = new Map<string, Recorded>();
  return {
    observer(label) {
      const r: Recorded = {
        jobs: emptyJobs(),
        segments: emptySegments(),
        runTime: [],
        backfilled: new Map(),
      };
      recorded.set(label, r);
      const segments = segmentRecorder((s) => addSegment(r.segments, s.job, s, false));
      return {
        ...segments,
        jobEnded(o) {
          const { jobs } = r;
          jobs.id.push(o.job.id);
          jobs.submit.push(o.job.submit);
          jobs.start.push(o.start);
          jobs.end.push(o.end);
          jobs.processors.push(o.processors);
          jobs.backfilled.push(o.backfilled);
          r.runTime.push(o.runTime);
          if (o.backfilled) r.backfilled.set(o.job.id, true);
        },
      };
    },
    async write(reports) {
      // A partitioned run is observed before its label is known: the only run then.
      const only = reports.length === 1 && recorded.size === 1 ? [...recorded.values()][0] : undefined;
      const runs = reports.map((report) => withJobs(report, recorded.get(report.discipline) ?? only));
      const reused = runs.filter((r) => !r.jobs).map((r) => r.label);
      const sources = [
        `schedlab ${process.argv.slice(2).join(' ')}`,
        ...(reused.length ? [`reused runs, figures only (no per-job data kept): ${reused.join(', ')}`] : []),
      ];
      await writeFileAtomic(path, reportHtml({ runs, sweeps: [], reproductions: [] }, { sources }));
      console.error(`report written to ${path}`);
    },
    async writeReplicated(reports) {
      const source = `schedlab ${process.argv.slice(2).join(' ')}`;
      // The same reading as `schedlab report` of the --json output, so both draw the same.
      const replicated = reports.map((r, i) =>
        replicatedFromReport(JSON.parse(JSON.stringify(r)), source, `[${i}]`),
      );
      await writeFileAtomic(
        path,
        reportHtml({ runs: [], sweeps: [], reproductions: [], replicated }, { sources: [source] }),
      );
      console.error(`report written to ${path}`);
    },
  };
}

interface Recorded {
  readonly jobs: ReturnType<typeof emptyJobs>;
  readonly segments: ReturnType<typeof emptySegments>;
  readonly runTime: number[];
  /** Jobs that were backfilled: their segments, recorded before the job left, are marked at the end. */
  readonly backfilled: Map<number, boolean>;
}

function withJobs(report: RunReport, r: Recorded | undefined): RunData {
  const run = runFromReport(report, 'run');
  if (!r) return run;
  const τ = report.summary.boundedSlowdownThreshold;
  const { jobs, segments } = r;
  for (let i = 0; i < jobs.id.length; i++)
    jobs.boundedSlowdown.push(boundedSlowdown(jobs.end[i]! - jobs.submit[i]!, r.runTime[i]!, τ));
  for (let k = 0; k < segments.job.length; k++) segments.backfilled[k] = r.backfilled.has(segments.job[k]!);
  return { ...run, jobs, segments };
}

/** A binary file written whole or not at all. */
async function writeBinaryAtomic(path: string, bytes: Buffer): Promise<void> {
  const out = atomicStream(path, { gzip: false });
  out.stream.write(bytes);
  await out.commit();
}
