import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ConfigError, InputError, type Job } from '@js/core';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSwf, readSwf } from './reader.ts';

const dir = mkdtempSync(join(tmpdir(), 'schedlab-swf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A trace of `n` jobs, big enough to span several 1 MiB read chunks when n is large. */
function traceText(n: number): string {
  const lines = ['; Version: 2.2', '; MaxProcs: 64', ';'];
  for (let i = 1; i <= n; i++) {
    lines.push(
      `${i} ${i * 3} ${i % 7} ${(i * 37) % 5000} ${1 + (i % 64)} ${(i % 100) / 4} -1 ${1 + (i % 64)} 3600 -1 1 ${i % 13} 1 -1 1 1 -1 -1`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const file = (name: string, content: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

async function collect(jobs: AsyncIterable<Job>): Promise<Job[]> {
  const out: Job[] = [];
  for await (const job of jobs) out.push(job);
  return out;
}

describe('readSwf', () => {
  const text = traceText(40_000); // ≈ 2 MB: several chunks
  const expected = [...parseSwf(text).jobs];

  it('streams a plain file into the same jobs as in-memory parsing', async () => {
    const trace = await readSwf(file('plain.swf', text));
    expect(trace.header.maxProcs).toBe(64);
    expect(await collect(trace.jobs)).toEqual(expected);
    expect(trace.report()).toMatchObject({ jobs: 40_000, lines: 40_003, skippedLines: 0 });
  });

  it('reads gzip, recognised by its magic bytes whatever the name', async () => {
    const zipped = gzipSync(text);
    for (const name of ['trace.swf.gz', 'disguised.swf']) {
      const trace = await readSwf(file(name, zipped));
      expect(trace.header.lines).toEqual(['; Version: 2.2', '; MaxProcs: 64', ';']);
      expect(await collect(trace.jobs)).toEqual(expected);
    }
  });

  it('accepts a file URL', async () => {
    const path = file('url.swf', text);
    const trace = await readSwf(pathToFileURL(path));
    expect((await collect(trace.jobs)).length).toBe(40_000);
  });

  it('gives the jobs in batches too', async () => {
    const trace = await readSwf(file('batches.swf', text));
    const batches: (readonly Job[])[] = [];
    for await (const batch of trace.batches) batches.push(batch);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(expected);
  });

  it('reports a missing file as an InputError naming it', async () => {
    await expect(readSwf(join(dir, 'absent.swf'))).rejects.toThrow(InputError);
    await expect(readSwf(join(dir, 'absent.swf'))).rejects.toThrow(/absent\.swf.*cannot open/);
  });

  it('reports a corrupt gzip stream as an InputError', async () => {
    const broken = Buffer.concat([gzipSync(text).subarray(0, 5000), Buffer.alloc(100, 7)]);
    const trace = readSwf(file('broken.swf.gz', broken)).then((t) => collect(t.jobs));
    await expect(trace).rejects.toThrow(InputError);
  });

  it('surfaces a bad line after the jobs before it, with file and line', async () => {
    const lines = text.split('\n');
    lines[30_000] = '1 2 3';
    const trace = await readSwf(file('bad.swf', lines.join('\n')), { name: 'bad.swf' });
    let seen = 0;
    const error = await (async () => {
      try {
        for await (const _ of trace.jobs) seen++;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ source: 'bad.swf', line: 30_001, field: 'run time' });
    expect(seen).toBe(29_997);
  });

  it('is single pass, and stops reading when the consumer stops', async () => {
    const trace = await readSwf(file('once.swf', text));
    let n = 0;
    for await (const _ of trace.jobs) if (++n === 10) break;
    expect(() => trace.jobs[Symbol.asyncIterator]()).toThrow(ConfigError);
    expect(trace.report().jobs).toBeLessThan(40_000);
  });

  it('reads an empty file as no header and no jobs', async () => {
    const trace = await readSwf(file('empty.swf', ''));
    expect(trace.header.lines).toEqual([]);
    expect(await collect(trace.jobs)).toEqual([]);
  });
});
