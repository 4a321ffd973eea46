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
  // Drawn from the first task on: a command that ends up counting nothing shows no bar.
  let started = false;
  const start = (n: number) => {
    started = true;
    bar.start(n, 0);
  };
  if (total > 0) start(total);
  return {
    more: (n) => (started ? bar.setTotal(bar.getTotal() + n) : start(n)),
    done: () => bar.increment(),
    stop: () => {
      if (started) bar.stop();
    },
  };
}
