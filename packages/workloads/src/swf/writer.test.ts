import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { InputError, type Job } from '@js/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { traceFiles, traceUrl } from '../testing/traces.ts';
import { parseSwf, readSwf } from './reader.ts';
import { SwfWriter, writeSwf } from './writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'schedlab-swf-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Writable that keeps what it is given. */
class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function writeToText(
  header: readonly string[],
  jobs: Iterable<Job> | AsyncIterable<Job>,
): Promise<string> {
  const sink = new Sink();
  await writeSwf(sink, { header, jobs });
  return sink.text;
}

// Values as traces hold them: -1 (unknown), integers, and decimals with a few digits.
const fieldValue = fc.oneof(
  fc.constant(-1),
  fc.integer({ min: 0, max: 2_000_000_000 }),
  fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100),
  fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }).map((x) => x || 0),
);
const record = fc.array(fieldValue, { minLength: 18, maxLength: 18 });
const headerLine = fc
  .string({ unit: fc.constantFrom('a', 'Z', '1', ' ', ':', '(', ';', '-', '\t'), maxLength: 30 })
  .map((s) => `;${s}`);

describe('SWF round trip', () => {
  it('read → write → read gives identical values and header lines (random records)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(headerLine, { maxLength: 6 }),
        fc.array(record, { maxLength: 40 }),
        async (header, records) => {
          // Submit times must not decrease: make field 2 a running sum.
          let submit = 0;
          const lines = records.map((r) => {
            submit += Math.abs(r[1]!) % 1000;
            return [r[0], submit, ...r.slice(2)].join(' ');
          });
          const first = parseSwf([...header, ...lines].join('\n'));
          const firstJobs = [...first.jobs];
          const second = parseSwf(await writeToText(first.header.lines, firstJobs));
          expect(second.header.lines).toEqual(first.header.lines);
          expect([...second.jobs]).toEqual(firstJobs);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('round-trips the real KTH trace value for value', async () => {
    const first = await readSwf(traceUrl(traceFiles.kth));
    const path = join(dir, 'kth.swf');
    const written = await writeSwf(path, { header: first.header, jobs: first.jobs });
    expect(written).toBe(28_476);
    const again = await readSwf(path);
    expect(again.header.lines).toEqual(first.header.lines);
    const original = parseSwf(await readGunzipped(traceUrl(traceFiles.kth)));
    let n = 0;
    const copy = again.jobs[Symbol.asyncIterator]();
    for (const job of original.jobs) {
      const next = await copy.next();
      expect(next.value).toEqual(job);
      n++;
    }
    expect((await copy.next()).done).toBe(true);
    expect(n).toBe(28_476);
  });

  it('writes a .gz path compressed', async () => {
    const path = join(dir, 'out.swf.gz');
    const jobs = [...parseSwf('1 0 -1 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 -1 -1 -1').jobs];
    await writeSwf(path, { header: ['; MaxProcs: 4'], jobs });
    const bytes = readFileSync(path);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    const back = await readSwf(path);
    expect(back.header.maxProcs).toBe(4);
    for await (const job of back.jobs) expect(job).toEqual(jobs[0]);
  });
});

async function readGunzipped(url: URL): Promise<Buffer> {
  const { gunzipSync } = await import('node:zlib');
  return gunzipSync(readFileSync(url));
}

describe('SwfWriter', () => {
  const job = [...parseSwf('7 100 -1 50 4 -1 -1 4 60 -1 1 2 3 -1 1 1 -1 -1').jobs][0]!;

  it('applies per-job field overrides (the simulated wait, a changed run time)', async () => {
    const sink = new Sink();
    await writeSwf(sink, {
      jobs: [job],
      overrides: () => ({ waitTime: 12.5, runTime: 49, allocatedProcessors: 2 }),
    });
    expect(sink.text).toBe('7 100 12.5 49 2 -1 -1 4 60 -1 1 2 3 -1 1 1 -1 -1\n');
  });

  it('writes a job that has no SWF record (synthetic) from its own fields', async () => {
    const text = await writeToText(
      [],
      [{ id: 3, submit: 1.5, size: 8, runtime: 100, estimate: Number.POSITIVE_INFINITY, user: 4 }],
    );
    expect(text).toBe('3 1.5 -1 100 8 -1 -1 8 -1 -1 -1 4 -1 -1 -1 -1 -1 -1\n');
    const [back] = [...parseSwf(text).jobs];
    expect(back).toMatchObject({ id: 3, submit: 1.5, size: 8, runtime: 100, user: 4 });
  });

  it('refuses a value SWF cannot hold, naming the output line and field', () => {
    const writer = new SwfWriter(new Sink(), 'out.swf');
    writer.header(['; a', '; b']);
    let error: unknown;
    try {
      writer.job(job, { waitTime: Number.NaN });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ source: 'out.swf', line: 3, field: 'wait time' });
  });

  it('reports a destination that cannot be written', async () => {
    await expect(writeSwf(join(dir, 'no-such-dir', 'x.swf'), { jobs: [job] })).rejects.toThrow(/ENOENT/);
  });

  it('waits for a slow stream (back-pressure) and loses nothing', async () => {
    class SlowSink extends Sink {
      override _write(chunk: Buffer, encoding: BufferEncoding, done: () => void): void {
        setTimeout(() => super._write(chunk, encoding, done), 1);
      }
    }
    const sink = new SlowSink({ highWaterMark: 1024 });
    const jobs = Array.from({ length: 20_000 }, (_, i) => ({ ...job, id: i + 1, swf: undefined }));
    await writeSwf(sink, { jobs });
    expect(sink.text.split('\n').length - 1).toBe(20_000);
  });
});
