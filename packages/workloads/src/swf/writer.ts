import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { InputError, type Job } from '@js/core';
import { SWF_FIELD_COUNT, type SwfFieldKey, swfFields } from './fields.ts';
import type { SwfHeader } from './header.ts';
import { swfRecordOfJob } from './mapping.ts';
import { TextBatch } from './text-batch.ts';

/**
 * Values to write instead of the job's own, by SWF field: a simulator writes its simulated wait
 * into `waitTime` (field 3) and may change `runTime` / `allocatedProcessors` (fields 4 / 5).
 */
export type SwfFieldOverrides = Partial<Record<SwfFieldKey, number>>;

const FLUSH_AT = 1 << 16;
const SPACE = 0x20;
const LF = 0x0a;

/** Each field's index, by key. */
const fieldIndex: Readonly<Record<string, number>> = Object.fromEntries(swfFields.map((f, i) => [f.key, i]));

/**
 * Streaming SWF writer. Numbers are written in JavaScript's shortest round-trip form, so reading
 * the output gives back exactly the same values (the column layout of the original is not kept).
 * Lines are batched into large writes; {@link SwfWriter.drain} honours the stream's back-pressure.
 */
export class SwfWriter {
  readonly #out: Writable;
  /** The line being written: the record with its overrides. */
  readonly #row: number[] = new Array<number>(SWF_FIELD_COUNT).fill(0);
  readonly #name: string;
  /** Lines not yet handed to the stream; a line is at most a few hundred bytes. */
  readonly #batch = new TextBatch(FLUSH_AT + 1024);
  #line = 0;
  #jobs = 0;
  #error: Error | undefined;

  constructor(out: Writable, name = '<output>') {
    this.#out = out;
    this.#name = name;
    // Kept, not thrown from an event handler (which would crash the process); reported at the next drain.
    out.on('error', (error) => {
      this.#error ??= error;
    });
  }

  /** Jobs written so far. */
  get jobs(): number {
    return this.#jobs;
  }

  /** Write the header's comment lines, verbatim. */
  header(header: SwfHeader | readonly string[]): void {
    const lines = 'lines' in header ? header.lines : header;
    for (const line of lines) this.#append(line.startsWith(';') ? line : `; ${line}`);
  }

  /** Write one job line: the job's SWF record (or one built from the job) with `overrides` applied. */
  job(job: Job, overrides?: SwfFieldOverrides): void {
    // The record is copied into a row kept for the purpose, and the overrides are looked up by
    // their own few keys: asking the overrides for each of the 18 keys was a slow generic lookup
    // per field, and a schedule's `--out` writes a line per job.
    const record = job.swf ?? swfRecordOfJob(job);
    const row = this.#row;
    for (let f = 0; f < SWF_FIELD_COUNT; f++) row[f] = record[f]!;
    if (overrides !== undefined) {
      for (const key in overrides) {
        const value = overrides[key as SwfFieldKey];
        if (value !== undefined) row[fieldIndex[key]!] = value;
      }
    }
    const batch = this.#batch;
    const start = batch.length;
    for (let f = 0; f < SWF_FIELD_COUNT; f++) {
      const value = row[f]!;
      if (!Number.isFinite(value)) {
        batch.truncate(start);
        throw new InputError(
          this.#name,
          this.#line + 1,
          swfFields[f]!.name,
          `cannot write ${value} (job ${job.id})`,
        );
      }
      if (f > 0) batch.byte(SPACE);
      batch.number(value);
    }
    this.#endLine();
    this.#jobs++;
  }

  /** Hand buffered lines to the stream and wait if it asks for a pause. */
  async drain(): Promise<void> {
    this.#check();
    if (this.#flush()) return;
    await this.#until('drain');
  }

  /** Flush and end the stream; resolves when everything is written. */
  async end(): Promise<void> {
    this.#check();
    this.#flush();
    this.#out.end();
    await this.#until('finish');
  }

  #until(event: 'drain' | 'finish'): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (): void => {
        this.#out.off(event, done);
        this.#out.off('error', done);
        if (this.#error) reject(this.#failure());
        else resolve();
      };
      this.#out.on(event, done);
      this.#out.on('error', done);
    });
  }

  #check(): void {
    if (this.#error) throw this.#failure();
  }

  /** The stream's own error (a Node system error names the path and the cause). */
  #failure(): Error {
    return this.#error!;
  }

  #append(line: string): void {
    this.#batch.text(line);
    this.#endLine();
  }

  #endLine(): void {
    this.#batch.byte(LF);
    this.#line++;
    if (this.#batch.length >= FLUSH_AT) this.#flush();
  }

  /** True when the stream can take more. */
  #flush(): boolean {
    if (this.#batch.length === 0) return !this.#out.writableNeedDrain;
    return this.#out.write(this.#batch.take());
  }
}

/** What {@link writeSwf} writes. */
export interface SwfOutput {
  readonly header?: SwfHeader | readonly string[];
  readonly jobs: AsyncIterable<Job> | Iterable<Job>;
  /** Per-job field overrides (e.g. the simulated wait). */
  readonly overrides?: (job: Job) => SwfFieldOverrides | undefined;
}

/**
 * Write a whole SWF file, streaming. A destination path ending in `.gz` is gzip-compressed; a path
 * is closed at the end, while a stream the caller passes is flushed but left open (it may be stdout).
 * Resolves with the number of jobs written.
 */
export async function writeSwf(destination: string | URL | Writable, output: SwfOutput): Promise<number> {
  if (typeof destination === 'string' || destination instanceof URL) {
    const name = destination instanceof URL ? fileURLToPath(destination) : destination;
    const file = createWriteStream(name);
    if (name.endsWith('.gz')) {
      const out = createGzip();
      out.pipe(file);
      // Resolve only when the file itself is closed, not when the gzip stream ends.
      const closed = new Promise<void>((resolve, reject) => {
        file.once('close', resolve);
        file.once('error', reject);
      });
      const jobs = await writeAll(new SwfWriter(out, name), output, true);
      await closed;
      return jobs;
    }
    return writeAll(new SwfWriter(file, name), output, true);
  }
  return writeAll(new SwfWriter(destination), output, false);
}

async function writeAll(writer: SwfWriter, output: SwfOutput, close: boolean): Promise<number> {
  if (output.header) writer.header(output.header);
  for await (const job of output.jobs) {
    writer.job(job, output.overrides?.(job));
    // Checking back-pressure every job would cost a promise each; every 4096 is plenty.
    if ((writer.jobs & 4095) === 0) await writer.drain();
  }
  if (close) await writer.end();
  else await writer.drain();
  return writer.jobs;
}
