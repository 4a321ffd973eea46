import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedlab, trace } from './cli.test-support.ts';

const kth = trace('KTH-SP2-1996-2.1-cln.swf.gz');

let spec: string;
beforeAll(async () => {
  spec = join(await mkdtemp(join(tmpdir(), 'schedlab-calibrate-')), 'feitelson96.json');
  await writeFile(spec, JSON.stringify({ kind: 'model', model: 'feitelson96', jobs: 300 }));
});

describe('schedlab calibrate', () => {
  it('finds the load at which easy’s mean queue length is 4 on a small Feitelson 1996 workload; same seeds, same output', async () => {
    const args = ['calibrate', '-d', 'easy', '--statistic', 'meanQueueLength', '--target', '4', '-w', spec];
    const { code, stdout } = await schedlab(...args, '--seeds', '1,2', '--json');
    expect(code).toBe(0);
    const c = JSON.parse(stdout) as {
      discipline: string;
      seeds: number[];
      load: number;
      value: number;
      runs: number;
      withinTolerance: boolean;
      probes: { load: number; values: number[] }[];
    };
    expect(c).toMatchObject({ discipline: 'easy', seeds: [1, 2], withinTolerance: true });
    expect(Math.abs(c.value - 4)).toBeLessThanOrEqual(0.02 * 4);
    expect(c.runs).toBe(2 * c.probes.length);

    // A plain `run` at the calibrated load gives the same figure, seed by seed.
    const at = join(spec, '..', 'at.json');
    await writeFile(at, JSON.stringify({ kind: 'model', model: 'feitelson96', jobs: 300, load: c.load }));
    const queues = await Promise.all(
      ['1', '2'].map(
        async (seed) =>
          (
            JSON.parse((await schedlab('run', '-d', 'easy', '-w', at, '--seed', seed, '--json')).stdout) as {
              summary: { meanQueueLength: number };
            }
          ).summary.meanQueueLength,
      ),
    );
    expect(queues).toEqual(c.probes.at(-1)!.values);

    const [text, again] = await Promise.all([
      schedlab(...args, '--seeds', '1,2'),
      schedlab(...args, '--seeds', '1,2'),
    ]);
    expect(text.stdout).toBe(again.stdout);
    expect(text.stdout).toContain(`load ${c.load}: meanQueueLength`);
    expect(text.stdout).toMatch(/probe.*load.*meanQueueLength.*vs target/);
  });

  it('a trace, an unknown statistic: coded errors', async () => {
    const fromTrace = await schedlab('calibrate', '--target', '4', '-w', kth);
    expect(fromTrace.code).toBe(1);
    expect(fromTrace.stderr).toContain('error CONFIG_ERROR: workload KTH-SP2-1996-2.1-cln is a trace');
    const unknown = await schedlab('calibrate', '--target', '4', '-w', spec, '--statistic', 'queue');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("error UNKNOWN_NAME: unknown statistic 'queue'");
    expect(unknown.stderr).toContain('meanQueueLength');
  });
});
