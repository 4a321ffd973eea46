import { createRequire } from 'node:module';
import type { RunObserver } from '@js/core';
import type * as CliProgress from 'cli-progress';

/** Progress of long runs: a bar on a terminal, nothing elsewhere (pipes, CI, --json). */
export interface Progress {
  /** Show a fresh bar for the run named `label`, counting finished jobs from zero. */
  begin(label: string): void;
  /** Attach to the run: it advances the bar as jobs finish. */
  readonly observer: RunObserver;
  /** Take the bar off the terminal once the run is over. */
  end(): void;
}

/** Redraw at most this often, counted in finished jobs, so the bar costs nothing measurable. */
const EVERY = 4096;

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress | undefined {
  if (!stream.isTTY) return undefined;
  // Loaded only for a terminal: a piped or scripted run never pays for the bar's module.
  const { SingleBar } = createRequire(import.meta.url)('cli-progress') as typeof CliProgress;
  const bar = new SingleBar({
    stream,
    format: '{label} | {value} jobs done | simulated time {time} s',
    hideCursor: true,
    clearOnComplete: true,
  });
  let label = '';
  let done = 0;
  return {
    begin(l) {
      label = l;
      done = 0;
      bar.start(0, 0, { label, time: 0 });
    },
    observer: {
      jobEnded(o) {
        if (++done % EVERY === 0) bar.update(done, { label, time: Math.round(o.end) });
      },
    },
    end() {
      bar.stop();
    },
  };
}
