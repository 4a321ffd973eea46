import { SingleBar } from 'cli-progress';

/** Cells done out of all, with an ETA: a bar on a terminal, nothing elsewhere (pipes, CI, Slurm logs). */
export interface SweepProgress {
  cellDone(): void;
  stop(): void;
}

export function sweepProgress(total: number, stream: NodeJS.WriteStream = process.stderr): SweepProgress {
  if (!stream.isTTY || total === 0) return { cellDone() {}, stop() {} };
  const bar = new SingleBar({
    stream,
    format: 'sweep [{bar}] {value}/{total} cells | {percentage}% | ETA {eta_formatted}',
    hideCursor: true,
    clearOnComplete: true,
    etaBuffer: 20,
  });
  bar.start(total, 0);
  return {
    cellDone: () => bar.increment(),
    stop: () => bar.stop(),
  };
}
