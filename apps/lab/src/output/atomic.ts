import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';

/**
 * A file written whole or not at all: everything goes to a temporary file beside `path`, which
 * {@link AtomicStream.commit} flushes to disk (fsync) and renames over `path`. Until then, and
 * for good after {@link AtomicStream.abort}, a failed command or a SIGINT, whatever was at `path`
 * stays as it was and the temporary file is removed. A process the system killed outright (out of
 * memory, SIGKILL) removes nothing; the next write to the same path does (see {@link atomicStream}).
 */
export interface AtomicStream {
  /** The file that appears, whole, on commit. */
  readonly path: string;
  /** The temporary file written meanwhile, beside `path` (`<path>.<pid>-<random>.partial`). */
  readonly temporary: string;
  /**
   * Where to write. Writes go to the file as they come (no buffering beyond the chunk being
   * written), gzip-compressed on the way when asked. Do not end it: {@link commit} does.
   */
  readonly stream: Writable;
  /**
   * End the stream, fsync the file and rename it over `path`. On any failure the temporary file is
   * removed and the error rethrown; `path` keeps what it held. Refused after a SIGINT.
   */
  commit(): Promise<void>;
  /** Drop what was written: remove the temporary file, leave `path` alone. Never throws; idempotent. */
  abort(): Promise<void>;
}

export interface AtomicStreamOptions {
  /** Compress with gzip (default: when `path` ends in `.gz`). */
  readonly gzip?: boolean;
}

/**
 * Open `path` for atomic, streamed writing (see {@link AtomicStream}). The temporary file is
 * created at once, so a missing directory or a read-only one fails here, before any work. First,
 * the temporary files of `path` left by processes no longer running are removed.
 */
export function atomicStream(path: string, options: AtomicStreamOptions = {}): AtomicStream {
  removeStale(path);
  const temporary = join(
    dirname(path),
    `${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`,
  );
  const fd = openSync(temporary, 'wx');
  track(temporary);
  const file = new FileWriter(fd);
  const gzip: Gzip | undefined =
    (options.gzip ?? path.toLowerCase().endsWith('.gz')) ? createGzip() : undefined;
  // Kept, not thrown from an event handler (which would crash the process): commit reports it.
  let failure: Error | undefined;
  file.on('error', (error) => {
    failure ??= error;
  });
  if (gzip) {
    gzip.on('error', (error) => {
      failure ??= error;
      file.destroy(error);
    });
    gzip.pipe(file);
  }
  const stream: Writable = gzip ?? file;
  let state: 'open' | 'committed' | 'aborted' = 'open';
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    closeSync(fd);
  };

  const abort = async (): Promise<void> => {
    if (state !== 'open') return;
    state = 'aborted';
    gzip?.destroy();
    file.destroy();
    try {
      close();
    } catch {
      // Already closed or never usable: nothing to release.
    }
    remove(temporary);
  };

  const commit = async (): Promise<void> => {
    if (state !== 'open') throw new Error(`${path}: already ${state}`);
    try {
      if (!stream.writableEnded) stream.end();
      // `finish` comes after `_final`, which has fsynced the file.
      await finished(file, { readable: false });
      close();
      if (failure) throw failure;
      // One turn of the event loop: a SIGINT that came while the writer never yielded is handled
      // here (the temporary file removed, the process ended), before anything is renamed.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (interrupted) throw new Error(`${path}: interrupted; not written`);
      renameSync(temporary, path);
      state = 'committed';
      untrack(temporary);
      syncDirectory(dirname(path));
    } catch (error) {
      await abort();
      throw error;
    }
  };

  return { path, temporary, stream, commit, abort };
}

/**
 * Write `text` to `path` whole or not at all (see {@link atomicStream}); the directory is created
 * when missing.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const out = atomicStream(path, { gzip: false });
  try {
    out.stream.write(text);
  } catch (error) {
    await out.abort();
    throw error;
  }
  await out.commit();
}

/**
 * A writable stream onto an open file descriptor that writes each chunk synchronously, so nothing
 * piles up in memory whatever the pace of the producer, and fsyncs the file when ended.
 */
class FileWriter extends Writable {
  constructor(readonly fd: number) {
    super({ decodeStrings: true, highWaterMark: 1 << 20 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    try {
      for (let done = 0; done < chunk.length; ) done += writeSync(this.fd, chunk, done);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _final(callback: (error?: Error | null) => void): void {
    try {
      fsyncSync(this.fd);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}

function remove(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already (or never created): nothing to clean.
  }
  untrack(path);
}

/**
 * Remove the temporary files of `path` (`<name>.<pid>-<8 hex>.partial`) whose process is gone: a
 * run the system killed outright (out of memory, SIGKILL) ran no clean-up, and its partial file,
 * as big as the output, would stay beside the target for good. A process of this machine that
 * still runs keeps its file; one on another machine sharing the directory cannot be seen, so two
 * hosts should not write the same output. A directory is listed once per process, at its first
 * write (a sweep writes thousands of files into one). Best effort: an unreadable directory or a
 * file gone meanwhile is no error (opening the new temporary file reports a directory that
 * cannot be used).
 */
function removeStale(path: string): void {
  const dir = dirname(path);
  let stale = staleFiles.get(dir);
  if (!stale) staleFiles.set(dir, (stale = findStale(dir)));
  for (const entry of stale.get(basename(path)) ?? []) {
    try {
      unlinkSync(join(dir, entry));
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  stale.delete(basename(path));
}

/** Per directory written to, its temporary files of processes that were gone when it was listed, by target. */
const staleFiles = new Map<string, Map<string, string[]>>();

function findStale(dir: string): Map<string, string[]> {
  const stale = new Map<string, string[]>();
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return stale;
  }
  for (const entry of entries) {
    const match = /^(.+)\.(\d+)-[0-9a-f]{8}\.partial$/.exec(entry);
    if (!match || isRunning(Number(match[2]))) continue;
    stale.set(match[1]!, [...(stale.get(match[1]!) ?? []), entry]);
  }
  return stale;
}

/** Whether process `pid` runs on this machine (one of another user's counts as running). */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Make a rename durable: fsync its directory. Best effort (some systems refuse it on directories). */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Durability of the rename only; the file itself is whole either way.
  }
}

// Temporary files still open, removed on SIGINT/SIGTERM/SIGHUP and at exit.
const pending = new Set<string>();
let interrupted = false;
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function onSignal(signal: NodeJS.Signals): void {
  interrupted = true;
  for (const path of pending) {
    try {
      unlinkSync(path);
    } catch {
      // Gone already.
    }
  }
  pending.clear();
  uninstall();
  // With our handlers gone, the signal's default action ends the process as it would have.
  process.kill(process.pid, signal);
}

function onExit(): void {
  for (const path of pending) {
    try {
      unlinkSync(path);
    } catch {
      // Gone already.
    }
  }
}

function track(path: string): void {
  if (pending.size === 0) {
    for (const s of signals) process.on(s, onSignal);
    process.on('exit', onExit);
  }
  pending.add(path);
}

function untrack(path: string): void {
  if (!pending.delete(path) || pending.size > 0) return;
  uninstall();
}

function uninstall(): void {
  for (const s of signals) process.off(s, onSignal);
  process.off('exit', onExit);
}
