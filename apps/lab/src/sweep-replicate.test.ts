import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedlab, trace } from './cli.test-support.ts';
import type { CellResult } from './sweep/results-log.ts';

/** A sweep whose cells are replicated to a confidence target (Anastasiadis & Sevcik's method). */
let dir: string;
const grid = (
  workloads: string,
  replicate = '{ warmUp: 50, measured: 300, saturationAfter: 300, precision: 0.2, maxReplications: 4 }',
) => `name: replicated
disciplines: [fcfs, easy]
workloads: ${workloads}
loads: [0.5, 3]
seeds: [1]
replicate: ${replicate}
`;
const synthetic =
  '[{ kind: synthetic, jobs: 10, processors: 16, load: 0.5, sizes: { kind: log-uniform, min: 1, max: 16 }, runtimes: { kind: exponential, mean: 300 } }]';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-sweep-replicate-'));
});

describe('sweep with replicate', () => {
  it('replicates each cell; a saturated load is reported as such and summarised as unbounded', async () => {
    const file = join(dir, 'grid.yaml');
    await writeFile(file, grid(synthetic));
    const results = join(dir, 'out');
    const run = await schedlab('sweep', file, '--results', results, '--workers', '1');
    expect(run.code, run.stderr).toBe(0);
    const lines = (await readFile(join(results, 'results.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as CellResult);
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      const r = line.replicated!;
      expect(r.replications).toBeLessThanOrEqual(4);
      expect(r.warmUpJobs).toBe(50);
      if (line.load === 3) expect(r.stop).toBe('saturated');
      else expect(r.figures['response.mean']!.replications).toBe(r.replications);
    }
    const summary = await schedlab('summarize', results);
    expect(summary.code, summary.stderr).toBe(0);
    const json = JSON.parse(await readFile(join(results, 'summary.json'), 'utf8')) as {
      rows: { metric: string; discipline: string; load: number; mean: number | null }[];
    };
    const row = (discipline: string, load: number) =>
      json.rows.find((r) => r.metric === 'response.mean' && r.discipline === discipline && r.load === load)!;
    // A cell's figure is its replications' mean; a saturated cell's is unbounded (null in JSON).
    const easy = lines.find((l) => l.discipline === 'easy' && l.load === 0.5)!;
    expect(row('easy', 0.5).mean).toBe(easy.replicated!.figures['response.mean']!.mean);
    expect(row('fcfs', 3).mean).toBeNull();
  });

  it('refuses a trace and an unknown statistic before any run', async () => {
    const withTrace = join(dir, 'trace.yaml');
    await writeFile(withTrace, grid(`[${JSON.stringify(trace('KTH-SP2-1996-2.1-cln.swf.gz'))}]`));
    const a = await schedlab('sweep', withTrace, '--results', join(dir, 't'));
    expect(a.code).toBe(1);
    expect(a.stderr).toMatch(/workloads\.0 is a trace, and replicate needs generated workloads/);
    const badStatistic = join(dir, 'statistic.yaml');
    await writeFile(badStatistic, grid(synthetic, '{ statistic: response.nonsense }'));
    const b = await schedlab('sweep', badStatistic, '--results', join(dir, 's'));
    expect(b.code).toBe(1);
    expect(b.stderr).toMatch(/UNKNOWN_NAME: unknown statistic 'response.nonsense'/);
  });
});
