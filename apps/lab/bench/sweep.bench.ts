import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineBench } from '../../../tooling/bench.ts';

/**
 * A CPU-bound sweep (64 cells of 50 000 jobs on 128 processors, EASY and conservative
 * backfilling) through the CLI, on 1, 2, 4… worker threads up to the cores available: the
 * speed-up of `--workers`. 64 cells, so that 16 workers still get four cells each and the last
 * cell to finish is not most of the run. The built CLI when there is one (`pnpm build`), else the source, whose
 * threads each pay for loading TypeScript first.
 */
const built = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const source = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const cli = existsSync(built) ? [built] : ['--conditions=@js/source', '--import', 'tsx', source];
const SEEDS = Array.from({ length: 16 }, (_, i) => i + 1);
const CELLS = 2 * 2 * SEEDS.length;
const JOBS = 50_000;

const dir = mkdtempSync(join(tmpdir(), 'schedlab-sweep-bench-'));
// The harness has no teardown: the sweeps' directories go when the bench process ends.
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'sweep.json');
writeFileSync(
  file,
  JSON.stringify({
    name: 'bench',
    disciplines: ['easy', 'conservative'],
    workloads: [
      {
        kind: 'synthetic',
        jobs: JOBS,
        processors: 128,
        load: 0.5,
        sizes: { kind: 'log-uniform', min: 1, max: 128 },
        runtimes: { kind: 'hyper-exponential', mean: 1800, cv: 3 },
      },
    ],
    loads: [0.7, 0.9],
    seeds: SEEDS,
  }),
);

const counts = [1, 2, 4, 8, 16].filter((n) => n === 1 || n <= availableParallelism());

export default defineBench(
  'sweep',
  counts.map((workers) => ({
    name: `${CELLS} cells × ${JOBS.toLocaleString('en-US')} jobs, ${workers} worker${workers > 1 ? 's' : ''} (${existsSync(built) ? 'built' : 'source'})`,
    iterations: 3,
    run: () => {
      const results = join(dir, `results-${workers}`);
      // A fresh directory each time: a sweep resumes, and would skip every cell.
      rmSync(results, { recursive: true, force: true });
      execFileSync(process.execPath, [
        ...cli,
        'sweep',
        file,
        '--results',
        results,
        '--workers',
        String(workers),
      ]);
      return { items: CELLS, jobs: CELLS * JOBS };
    },
  })),
);
