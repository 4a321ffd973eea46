import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, InputError, type Job, OptionsError } from '@js/core';
import { afterAll, describe, expect, it } from 'vitest';
import { readSwf } from '../swf/reader.ts';
import { traceFiles, traceUrl } from '../testing/traces.ts';
import { defaultWorkload } from './default.ts';
import { openWorkload } from './open.ts';

const dir = mkdtempSync(join(tmpdir(), 'schedlab-workload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

async function collect(jobs: AsyncIterable<Job> | Iterable<Job>): Promise<Job[]> {
  const out: Job[] = [];
  for await (const job of jobs) out.push(job);
  return out;
}

const smallTrace = [
  '; MaxProcs: 8',
  '1 0 -1 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 -1 -1 -1',
  '2 5 -1 30 16 -1 -1 16 20 -1 1 1 1 -1 -1 -1 -1 -1',
  '3 6 -1 0 2 -1 -1 2 20 -1 1 1 1 -1 -1 -1 -1 -1',
  '4 9 -1 oops 2 -1 -1 2 20 -1 1 1 1 -1 -1 -1 -1 -1',
  '5 9 -1 7 4 -1 -1 4 -1 -1 1 1 1 -1 -1 -1 -1 -1',
].join('\n');

describe('openWorkload: traces', () => {
  it('opens a real trace with its header machine size and default cleaning', async () => {
    const w = await openWorkload(traceUrl(traceFiles.kth), { seed: 1 });
    expect(w).toMatchObject({ name: 'KTH-SP2-1996-2.1-cln', kind: 'swf', processors: 100 });
    expect(w.header?.maxProcs).toBe(100);
    const jobs = await collect(w.jobs);
    expect(jobs).toHaveLength(28_467);
    const report = w.report();
    expect(report.read).toMatchObject({ jobs: 28_476, skippedLines: 0 });
    expect(report.cleaning).toMatchObject({ jobsIn: 28_476, jobsOut: 28_467 });
    expect(report.cleaning?.counts).toMatchObject({
      nonPositiveRuntime: 8,
      nonPositiveSize: 1,
      runtimeAboveRequest: 475,
    });
    // A second pass reads the file again and gives the same jobs.
    expect(await collect(w.jobs)).toEqual(jobs);
    expect(w.report().cleaning?.jobsOut).toBe(28_467);
  });

  it('a machine size override drives the wider-than-machine rule', async () => {
    let wider = 0;
    for await (const job of (await readSwf(traceUrl(traceFiles.kth))).jobs)
      if (job.runtime > 0 && job.size > 50) wider++;
    const w = await openWorkload(traceUrl(traceFiles.kth), { machineProcessors: 50 });
    expect(w.processors).toBe(50);
    const jobs = await collect(w.jobs);
    expect(jobs.every((j) => j.size <= 50)).toBe(true);
    expect(wider).toBeGreaterThan(0);
    expect(w.report().cleaning?.counts.widerThanMachine).toBe(wider);
  });

  it('passes lenient and cleaning options through, and reports what they did', async () => {
    const path = file('small.swf', smallTrace);
    await expect(openWorkload(path).then((w) => collect(w.jobs))).rejects.toThrow(
      /small\.swf:5 \(field run time\)/,
    );
    const w = await openWorkload(path, {
      lenient: true,
      cleaning: { widerThanMachine: 'clip', nonPositiveRuntime: 'keep-as-1s' },
    });
    const jobs = await collect(w.jobs);
    expect(jobs.map((j) => [j.id, j.size, j.runtime, j.estimate])).toEqual([
      [1, 2, 10, 20],
      [2, 8, 20, 20], // clipped to the machine, runtime clipped to the request
      [3, 2, 1, 20],
      [5, 4, 7, 7], // unknown estimate → runtime
    ]);
    expect(w.report().read).toMatchObject({
      skippedLines: 1,
      firstSkipped: [{ line: 5, field: 'run time' }],
    });
    expect(w.report().cleaning?.counts).toEqual({
      nonPositiveRuntime: 1,
      nonPositiveSize: 0,
      widerThanMachine: 1,
      unknownEstimate: 1,
      runtimeAboveRequest: 1,
    });
  });

  it('needs a machine size when the header has none', async () => {
    const path = file('headless.swf', '1 0 -1 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 -1 -1 -1\n');
    await expect(openWorkload(path)).rejects.toThrow(ConfigError);
    const w = await openWorkload(path, { machineProcessors: 4 });
    expect(await collect(w.jobs)).toHaveLength(1);
  });

  it('validates its options, naming the option', async () => {
    await expect(openWorkload(file('o.swf', smallTrace), { machineProcessors: -2 })).rejects.toThrow(
      /machineProcessors = -2/,
    );
    await expect(
      openWorkload(file('o2.swf', smallTrace), { cleaning: { widerThanMachine: 'fold' as 'clip' } }).then(
        (w) => collect(w.jobs),
      ),
    ).rejects.toThrow(/widerThanMachine = "fold"/);
  });
});

describe('openWorkload: specs', () => {
  it('opens the default workload: 5,000 jobs on 128 processors at load ≈ 0.85', async () => {
    const w = await openWorkload(defaultWorkload, { seed: 1 });
    expect(w).toMatchObject({ name: 'default', kind: 'synthetic', processors: 128 });
    const jobs = await collect(w.jobs);
    expect(jobs).toHaveLength(5000);
    const work = jobs.reduce((sum, j) => sum + j.size * j.runtime, 0);
    const offered = work / (128 * jobs.at(-1)!.submit);
    expect(offered).toBeGreaterThan(0.7);
    expect(offered).toBeLessThan(1);
    expect(await collect((await openWorkload(defaultWorkload, { seed: 1 })).jobs)).toEqual(jobs);
    expect(await collect((await openWorkload(defaultWorkload, { seed: 2 })).jobs)).not.toEqual(jobs);
  });

  it('reads a synthetic spec from a JSON file', async () => {
    const path = file(
      'spec.json',
      JSON.stringify({
        kind: 'synthetic',
        name: 'tiny',
        jobs: 10,
        processors: 16,
        load: 0.5,
        sizes: { kind: 'constant', value: 4 },
        runtimes: { kind: 'exponential', mean: 60 },
      }),
    );
    const w = await openWorkload(path, { seed: 3, machineProcessors: 32 });
    expect(w).toMatchObject({ name: 'tiny', processors: 32 });
    expect(await collect(w.jobs)).toEqual(
      await collect((await openWorkload(path, { seed: 3, machineProcessors: 32 })).jobs),
    );
  });

  it('reads a trace spec from a JSON file, its path relative to the file, options over its cleaning', async () => {
    file('small-for-spec.swf', smallTrace);
    const path = file(
      'trace.json',
      JSON.stringify({
        kind: 'swf',
        path: 'small-for-spec.swf',
        lenient: true,
        cleaning: { widerThanMachine: 'clip' },
      }),
    );
    const w = await openWorkload(path, { cleaning: { runtimeAboveRequest: 'keep' } });
    expect(w.name).toBe('small-for-spec');
    const jobs = await collect(w.jobs);
    expect(jobs.find((j) => j.id === 2)).toMatchObject({ size: 8, runtime: 30 });
    expect(w.report().cleaning?.rules).toMatchObject({
      widerThanMachine: 'clip',
      runtimeAboveRequest: 'keep',
    });
  });

  it('reports a bad spec file with its path and the bad field', async () => {
    const bad = file('bad.json', JSON.stringify({ ...defaultWorkload, load: -1 }));
    await expect(openWorkload(bad)).rejects.toThrow(OptionsError);
    await expect(openWorkload(bad)).rejects.toThrow(/bad\.json.*load = -1/);
    await expect(openWorkload(file('broken.json', '{ "kind": '))).rejects.toThrow(InputError);
    await expect(openWorkload({ kind: 'lublin' } as never)).rejects.toThrow(/kind = "lublin"/);
  });
});
