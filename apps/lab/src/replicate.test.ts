import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedlab, trace } from './cli.test-support.ts';
import type { ReplicatedReport } from './run/replicated.ts';

let dir: string;
let spec: string;
const windows = ['--warm-up', '50', '--measured', '400', '--saturation-after', '300'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-replicate-'));
  spec = join(dir, 'small.json');
  await writeFile(
    spec,
    JSON.stringify({
      kind: 'synthetic',
      name: 'small',
      jobs: 10,
      processors: 16,
      load: 0.5,
      sizes: { kind: 'log-uniform', min: 1, max: 16 },
      runtimes: { kind: 'exponential', mean: 600 },
    }),
  );
});

describe('schedlab run/compare --replicate', () => {
  it('replicates seed after seed until the interval is within the precision, each replication a plain run', async () => {
    const r = await schedlab(
      'run',
      '-d',
      'easy',
      '-w',
      spec,
      '--replicate',
      '--precision',
      '0.1',
      ...windows,
      '--json',
    );
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as ReplicatedReport;
    expect(report.stop).toBe('converged');
    expect(report.seeds).toEqual(Array.from({ length: report.replications }, (_, i) => i + 1));
    const ci = report.figures['response.mean']!;
    expect(ci.relativeHalfWidth).toBeLessThanOrEqual(0.1);
    expect(ci.replications).toBe(report.replications);
    // Every replication measured exactly the window's jobs on a stream of 750 (50 + 400 + 300).
    for (const s of report.summaries) {
      expect(s.window).toMatchObject({ warmUpJobs: 50, measuredJobs: 400, jobs: 400 });
      expect(s.status).toBe('stopped');
    }
    // The interval is over the replications' own figures: their mean is the reported mean.
    const means = report.summaries.map((s) => s.response.mean);
    expect(ci.mean).toBeCloseTo(means.reduce((a, b) => a + b, 0) / means.length, 9);
  });

  it('reports a saturated load as such, after the first replication, and stops', async () => {
    const overloaded = join(dir, 'overloaded.json');
    await writeFile(
      overloaded,
      JSON.stringify({
        kind: 'synthetic',
        jobs: 10,
        processors: 16,
        load: 3,
        sizes: { kind: 'constant', value: 4 },
        runtimes: { kind: 'constant', value: 100 },
      }),
    );
    const r = await schedlab('compare', '-d', 'fcfs,easy', '-w', overloaded, '--replicate', ...windows);
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /│ (fcfs|easy) /.test(l));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatch(/│ saturated\s+│\s+1 │/);
    }
  });

  it('stops at the cap and says so when the precision is out of reach', async () => {
    const r = await schedlab(
      'run',
      '-d',
      'fcfs',
      '-w',
      spec,
      '--replicate',
      '--precision',
      '0.0001',
      '--max-replications',
      '3',
      ...windows,
      '--json',
    );
    const report = JSON.parse(r.stdout) as ReplicatedReport;
    expect(report.stop).toBe('max-replications');
    expect(report.replications).toBe(3);
    expect(report.seeds).toEqual([1, 2, 3]);
  });

  it('refuses what replications cannot honour, before any run', async () => {
    const cases: [string[], RegExp][] = [
      [['-w', trace('KTH-SP2-1996-2.1-cln.swf.gz')], /is a trace: every replication would see the same jobs/],
      [['-w', spec, '--stop', 'all-left'], /--replicate and --stop exclude each other/],
      [['-w', spec, '--out', join(dir, 'x.swf')], /--replicate and --out exclude each other/],
      [['-w', spec, '--confidence', '1.5'], /confidence.*between 0 and 1/],
      [['-w', spec, '--min-replications', '5', '--max-replications', '3'], /maxReplications/],
      [['-w', spec, '--statistic', 'response.nonsense'], /statistic/],
    ];
    for (const [args, message] of cases) {
      const r = await schedlab('run', '-d', 'easy', '--replicate', ...windows, ...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    const stray = await schedlab('run', '-d', 'easy', '-w', spec, '--warm-up', '10');
    expect(stray.code).toBe(1);
    expect(stray.stderr).toMatch(/--warm-up applies to replications: add --replicate/);
  });
});
