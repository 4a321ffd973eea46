import { SingleBar } from 'cli-progress';

/** Tasks done out of all, with an ETA: a bar on a terminal, nothing elsewhere (pipes, CI, Slurm logs). */
export interface CountProgress {
  /** `n` more tasks to count (a reproduction asks for its runs as it goes). */
  more(n: number): void;
  done(): void;
  stop(): void;
}

/** A bar for `what` (`sweep`), counting `unit` (`cells`), `total` of them known so far. */
export function countProgress(
  what: string,
  unit: string,
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
): CountProgress {
  if (!stream.isTTY) return { more() {}, done() {}, stop() {} };
  const bar = new SingleBar({
    stream,
    format: `${what} [{bar}] {value}/{total} ${unit} | {percentage}% | ETA {eta_formatted}`,
    hideCursor: true,
    clearOnComplete: true,
    etaBuffer: 20,
  });
  bar.start(total, 0);
  return {
    more: (n) => bar.setTotal(bar.getTotal() + n),
    done: () => bar.increment(),
    stop: () => bar.stop(),
  };
}
