import { timeSeries } from '../derive/time-series.ts';
import type { RunData } from '../model.ts';
import { type Chart, config, duration, secondsAxis } from './chart.ts';

/**
 * Utilisation (top) and queue length (bottom) over time, a line per run, on one time axis that
 * zooms and pans both panels together (drag, wheel; double-click resets).
 */
export function utilisationAndQueue(runs: readonly RunData[], maxBuckets = 400): Chart | undefined {
  const series = timeSeries(runs, maxBuckets);
  if (!series) return undefined;
  const color = { field: 'run', type: 'nominal', title: 'discipline', sort: null } as const;
  const x = { field: 't', type: 'quantitative', title: 'time (s)', axis: secondsAxis } as const;
  const line = { type: 'line', interpolate: 'step-after', strokeWidth: 1.4 } as const;
  return {
    name: 'utilisation-queue',
    title: 'Utilisation and queue length over time',
    note: `From the first submission to the last departure, cut into ${series.buckets} buckets of ${duration(
      series.width,
    )}; each point is the exact time average over its bucket. A queue that builds up while utilisation stays below 1 is capacity the discipline left idle.`,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      config,
      data: { values: series.points },
      resolve: { scale: { x: 'shared' } },
      vconcat: [
        {
          name: 'utilisation',
          width: 860,
          height: 160,
          params: [{ name: 'zoom', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' }],
          mark: line,
          encoding: {
            x: { ...x, title: null },
            y: {
              field: 'utilisation',
              type: 'quantitative',
              title: 'utilisation',
              scale: { domain: [0, 1] },
            },
            color,
          },
        },
        {
          name: 'queue',
          width: 860,
          height: 160,
          mark: line,
          encoding: {
            x,
            y: { field: 'queue', type: 'quantitative', title: 'jobs waiting' },
            color,
          },
        },
      ],
    },
  };
}
