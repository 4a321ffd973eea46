import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { ConfigError, InputError, type Job, parseOptions } from '@js/core';
import { flattenBatches } from '../streaming/batches.ts';
import type { SwfHeader } from './header.ts';
import { type SwfReadOptionsInput, swfReadOptionsSchema } from './options.ts';
import { SwfParser, type SwfReadReport } from './parser.ts';

/** A trace being read: its header (read up front) and its jobs, produced as they are consumed. */
export interface SwfTrace<Jobs extends AsyncIterable<Job> | Iterable<Job>> {
  readonly source: string;
  readonly header: SwfHeader;
  /** The jobs in file order. Single pass: iterating `jobs` (or `batches`) a second time is an error. */
  readonly jobs: Jobs;
  /** The same jobs a chunk at a time, for consumers that want to skip the per-job promise. */
  readonly batches: Jobs extends AsyncIterable<Job>
    ? AsyncIterable<readonly Job[]>
    : Iterable<readonly Job[]>;
  /** Lines read, jobs produced, lines skipped so far (complete once the jobs are exhausted). */
  report(): SwfReadReport;
}

const READ_CHUNK = 1 << 20;
const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * Read an SWF file (or its bytes, already read from standard input), plain or gzip (recognised
 * by its magic bytes, whatever its name), streaming:
 * only the current chunk's jobs are in memory. The returned promise resolves once the header is
 * read; malformed lines then surface as {@link InputError}s while iterating `jobs`, after every
 * job of the lines before them.
 */
export async function readSwf(
  path: string | URL | Uint8Array,
  options?: SwfReadOptionsInput,
): Promise<SwfTrace<AsyncIterable<Job>>> {
  const { lenient, name } = parseOptions('readSwf', swfReadOptionsSchema, options);
  let source: string;
  let gzip: boolean;
  let raw: Readable;
  if (path instanceof Uint8Array) {
    // Bytes already read (standard input): the same stream of chunks a file would give.
    source = name ?? '<memory>';
    gzip = path[0] === GZIP_MAGIC[0] && path[1] === GZIP_MAGIC[1];
    raw = Readable.from(chunksOf(path));
  } else {
    const file = path instanceof URL ? fileURLToPath(path) : path;
    source = name ?? file;
    gzip = await startsWithGzipMagic(file, source);
    raw = createReadStream(file, { highWaterMark: READ_CHUNK });
  }
  let stream: Readable = raw;
  if (gzip) {
    const gunzip = createGunzip({ chunkSize: READ_CHUNK });
    raw.on('error', (error) => gunzip.destroy(error));
    stream = raw.pipe(gunzip);
  }
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const parser = new SwfParser(source, lenient);
  let buffer: Job[] = [];
  let finished = false;
  let failure: unknown;

  // Parse one more chunk into `buffer`. A parse error is held back until the jobs parsed before
  // it have been handed out, so the consumer sees every good line up to the bad one.
  const pull = async (): Promise<void> => {
    let next: IteratorResult<Buffer>;
    try {
      next = await chunks.next();
    } catch (error) {
      finished = true;
      failure = new InputError(
        source,
        parser.report().lines,
        undefined,
        `cannot read: ${(error as Error).message}`,
      );
      return;
    }
    try {
      if (next.done) {
        finished = true;
        parser.end(buffer);
      } else parser.feed(next.value, buffer);
    } catch (error) {
      finished = true;
      failure = error;
      stream.destroy();
    }
  };

  while (parser.header === undefined && !finished) await pull();
  if (parser.header === undefined) throw failure; // the file could not be read at all

  const nextBatch = async (): Promise<readonly Job[] | undefined> => {
    while (buffer.length === 0) {
      if (finished) {
        if (failure === undefined) return undefined;
        const error = failure;
        failure = undefined;
        throw error;
      }
      await pull();
    }
    const batch = buffer;
    buffer = [];
    return batch;
  };
  const close = (): void => {
    finished = true;
    buffer = [];
    failure = undefined;
    stream.destroy();
  };

  let iterated = false;
  const claim = (): void => {
    if (iterated)
      throw new ConfigError(`the jobs of ${source} can be iterated only once; read the file again`);
    iterated = true;
  };
  return {
    source,
    header: parser.header,
    jobs: {
      [Symbol.asyncIterator]: () => {
        claim();
        return flattenBatches(nextBatch, undefined, close);
      },
    },
    batches: {
      [Symbol.asyncIterator]: () => {
        claim();
        return {
          next: async () => {
            const batch = await nextBatch();
            return batch === undefined ? { done: true, value: undefined } : { done: false, value: batch };
          },
          return: async () => {
            close();
            return { done: true, value: undefined };
          },
        };
      },
    },
    report: () => parser.report(),
  };
}

const IN_MEMORY_SLICE = 1 << 18;

/**
 * Parse SWF text already in memory (a string or bytes), lazily: jobs are produced as the
 * iterable is consumed. Same rules and errors as {@link readSwf}.
 */
export function parseSwf(text: string | Uint8Array, options?: SwfReadOptionsInput): SwfTrace<Iterable<Job>> {
  const { lenient, name } = parseOptions('parseSwf', swfReadOptionsSchema, options);
  const source = name ?? '<memory>';
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const parser = new SwfParser(source, lenient);
  let offset = 0;
  let finished = false;
  let failure: unknown;
  let buffer: Job[] = [];
  // As in readSwf, a parse error waits until the jobs parsed before it have been handed out.
  const pull = (): void => {
    try {
      if (offset >= bytes.length) {
        finished = true;
        parser.end(buffer);
      } else {
        parser.feed(bytes.subarray(offset, offset + IN_MEMORY_SLICE), buffer);
        offset += IN_MEMORY_SLICE;
      }
    } catch (error) {
      finished = true;
      failure = error;
    }
  };
  while (parser.header === undefined && !finished) pull();
  const header = parser.header!;

  function* batches(): Generator<readonly Job[]> {
    for (;;) {
      if (buffer.length > 0) {
        const batch = buffer;
        buffer = [];
        yield batch;
      }
      if (finished) {
        if (failure !== undefined) throw failure;
        return;
      }
      pull();
    }
  }
  function* jobs(): Generator<Job> {
    for (const batch of batches()) yield* batch;
  }
  let iterated = false;
  const claim = (): void => {
    if (iterated)
      throw new ConfigError(`the jobs of ${source} can be iterated only once; parse the text again`);
    iterated = true;
  };
  return {
    source,
    header,
    jobs: {
      [Symbol.iterator]: () => {
        claim();
        return jobs();
      },
    },
    batches: {
      [Symbol.iterator]: () => {
        claim();
        return batches();
      },
    },
    report: () => parser.report(),
  };
}

async function startsWithGzipMagic(file: string, source: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, 'r');
    const probe = Buffer.alloc(2);
    const { bytesRead } = await handle.read(probe, 0, 2, 0);
    return bytesRead === 2 && probe[0] === GZIP_MAGIC[0] && probe[1] === GZIP_MAGIC[1];
  } catch (error) {
    throw new InputError(source, undefined, undefined, `cannot open: ${(error as Error).message}`);
  } finally {
    await handle?.close();
  }
}

function* chunksOf(bytes: Uint8Array): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += READ_CHUNK)
    yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(READ_CHUNK, bytes.length - at));
}
