import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedlab } from './cli.test-support.ts';

let trace: string;
beforeAll(async () => {
  trace = join(await mkdtemp(join(tmpdir(), 'schedlab-gang-')), 'g.swf');
  // 4 processors; at 0: job 1 on all 4 for 10 s, jobs 2 and 3 on 2 each for 10 s and 5 s.
  const line = (id: number, size: number, runtime: number) =>
    [id, 0, -1, runtime, size, -1, -1, size, runtime, -1, 1, -1, -1, -1, -1, -1, -1, -1].join(' ');
  await writeFile(trace, ['; MaxProcs: 4', line(1, 4, 10), line(2, 2, 10), line(3, 2, 5), ''].join('\n'));
});

describe('a gang run as its reader wants to see it', () => {
  it('run --gantt draws the matrix round by round; the counters give r_a, n_a, n_l and turnaround', async () => {
    const { code, stdout } = await schedlab(
      'run',
      '-d',
      'gang-br',
      '-w',
      trace,
      '--profile',
      'gang',
      '--gantt',
      '0:25',
    );
    expect(code).toBe(0);
    // Slot 0 holds job 1, slot 1 jobs 2 and 3; they alternate each 5 s quantum. Job 3 leaves at
    // 10, job 1 at 15; slot 0 is then empty and deleted, so job 2 runs on alone until 20.
    expect(stdout).toContain(
      [
        "processors 0–3 across, 5 s per row from 0 s; '.' idle",
        ' 0 │AAAA',
        ' 5 │BBCC',
        '10 │AAAA',
        '15 │BB..',
        '20 │....',
        'jobs: A=1 B=2 C=3',
      ].join('\n'),
    );
    // n_a = (2 slots × 15 s + 1 × 5 s) / 20 s; r_a = 70 active processor-seconds of 80; every
    // job is small (≤ 12 slots of work): turnarounds 15, 20 and 10 s.
    expect(stdout).toContain('counters: gang-br: n_a 1.75, n_l 2, r_a 0.875, slots 0, t_sa 15, t_ta 15');
  });

  it('compare shows each gang scheme’s own figures under the table, and --json carries them', async () => {
    const { code, stdout } = await schedlab(
      'compare',
      '-d',
      'gang-bc,gang-brmms',
      '-w',
      trace,
      '--profile',
      'gang',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^counters: gang-bc: n_a [\d.]+, n_l \d+, r_a [\d.]+/m);
    expect(stdout).toMatch(/^counters: gang-brmms: n_a [\d.]+, n_l \d+, r_a [\d.]+/m);
    const json = await schedlab('run', '-d', 'gang-brms', '-w', trace, '--profile', 'gang', '--json');
    const report = JSON.parse(json.stdout) as {
      result: { counters: Record<string, Record<string, number>> };
    };
    expect(Object.keys(report.result.counters['gang-brms']!).sort()).toEqual(
      ['n_a', 'n_l', 'r_a', 'slots', 't_sa', 't_ta'].sort(),
    );
  });
});
