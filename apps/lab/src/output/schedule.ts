import { ConfigError, type JobOutcome, type RunObserver } from '@js/core';
import { type JobRecord, jobRecord, jobRecordFields } from '@js/metrics';
import { type SwfHeader, SwfWriter } from '@js/workloads';
import { atomicStream, writeFileAtomic } from './atomic.ts';
import { type Segment, SegmentLog, segmentRecorder } from './segments.ts';

/** Each discipline's own counters, by discipline (or partition) name. */
type Counters = Readonly<Record<string, Readonly<Record<string, number>>>>;

/**
 * An observer that streams each job's record to a temporary file beside the target as it leaves
 * the system. {@link close} completes it (a JSON schedule ends with the disciplines' counters,
 * known only then), renames it into place and writes the counters to `<path>.counters.json`;
 * {@link abort} drops it, leaving whatever was at the path before.
 */
export interface ScheduleSink extends RunObserver {
  close(counters?: Counters): Promise<void>;
  abort(): Promise<void>;
}

/** The endings {@link scheduleSink} knows (a gzipped trace first, so `.swf` does not claim it). */
export const scheduleFormats = ['.swf.gz', '.swf', '.json', '.csv'] as const;

/** The side file of a schedule written to `path`: the disciplines' counters. */
export const countersPath = (path: string): string => `${path}.counters.json`;

const SWF_STATUS_COMPLETED = 1;
const SWF_STATUS_FAILED = 0;

/**
 * Write the simulated schedule to `path`, its format chosen by extension: `.swf` or `.swf.gz` (the trace's
 * fields with the simulated wait in field 3, the run time in field 4, the processors in field 5
 * and status 1/0 in field 11), `.json` (`{ "jobs": [per-job records], "counters": {…} }`, the
 * disciplines' own counters; each record also lists the job's `segments`, its stretches on fixed
 * processors, from which a Gantt chart or a gang matrix history is drawn; stretches alike at a fixed
 * period are one periodic record, see {@link Segment.period}) or `.csv`. Records are streamed, as jobs leave, to a temporary file
 * beside `path` (see {@link atomicStream}), which replaces `path` only on {@link ScheduleSink.close}.
 * Jobs are written in arrival order, as SWF requires, through a reorder buffer that holds only
 * jobs that have left while an older one is still in the system. With `partitioned`, JSON and CSV
 * records also name the partition that ran the job (`partition`, the last CSV column).
 */
export function scheduleSink(
  path: string,
  header: SwfHeader | undefined,
  processors: number,
  comment: string,
  partitioned = false,
): ScheduleSink {
  const ext = scheduleFormats.find((f) => path.toLowerCase().endsWith(f));
  if (!ext) throw new ConfigError(`--out ${path}: unknown format; use .swf, .swf.gz, .json or .csv`);
  const out = atomicStream(path, { gzip: ext === '.swf.gz' });
  const commit = async (counters: Counters): Promise<void> => {
    await out.commit();
    await writeFileAtomic(countersPath(path), `${JSON.stringify(counters, null, 2)}\n`);
  };
  if (ext === '.swf' || ext === '.swf.gz') {
    const writer = new SwfWriter(out.stream, path);
    // Every SWF written can be read back as a trace: it says its machine size.
    const size = header?.maxProcs === undefined ? [`; MaxProcs: ${processors}`] : [];
    writer.header([...(header?.lines ?? []), ...size, `; ${comment}`]);
    const order = new ArrivalOrder((o: JobOutcome) => {
      writer.job(o.job, {
        waitTime: o.start - o.job.submit,
        runTime: o.end - o.start,
        allocatedProcessors: o.processors,
        status: o.ending === 'finished' ? SWF_STATUS_COMPLETED : SWF_STATUS_FAILED,
      });
    });
    return {
      jobEnded: (o) => order.add(o),
      close: async (counters = {}) => {
        order.flush();
        await writer.drain();
        await commit(counters);
      },
      abort: () => out.abort(),
    };
  }
  const lines = new LineSink(out.stream);
  const json = ext === '.json';
  let first = true;
  if (ext === '.csv') lines.write([...jobRecordFields, ...(partitioned ? ['partition'] : [])].join(','));
  else lines.write('{"jobs":[');
  // A JSON record carries the job's segments, logged compactly while the job is in the system.
  const logs = new Map<number, SegmentLog>();
  const recorder = json
    ? segmentRecorder(({ job, ...segment }) => {
        let log = logs.get(job);
        if (!log) logs.set(job, (log = new SegmentLog()));
        log.add(segment);
      })
    : {};
  // A record is written out when its job leaves, and held back, as text, only while an older job
  // is still in the system.
  const order = new ArrivalOrder<{ readonly arrival: number; readonly text: string }>((r) => {
    lines.write(json && !first ? `,${r.text}` : r.text);
    first = false;
  });
  const line = (o: JobOutcome): string => {
    const record: Row = partitioned ? { ...jobRecord(o), partition: o.discipline } : jobRecord(o);
    if (!json) return csvLine(record);
    const segments = logs.get(o.job.id)?.segments() ?? [];
    logs.delete(o.job.id);
    return JSON.stringify({ ...record, segments });
  };
  return {
    ...recorder,
    jobEnded: (o) => order.add({ arrival: o.arrival, text: line(o) }),
    close: async (counters = {}) => {
      order.flush();
      if (ext === '.json') lines.write(`],"counters":${JSON.stringify(counters)}}`);
      lines.flush();
      await commit(counters);
    },
    abort: () => out.abort(),
  };
}

/**
 * Passes outcomes on in arrival order, holding back those that overtook an older job. Held in a
 * ring indexed by arrival number (arrivals are numbered 0, 1, 2, … and every job ends once), which
 * doubles when a job ends more than its size ahead of the oldest one still running: a `Map` here
 * cost a tenth of a 450 k-job replay in hashing and garbage.
 */
export class ArrivalOrder<T extends { readonly arrival: number }> {
  #ring: (T | undefined)[] = new Array(1024);
  #next = 0;
  constructor(readonly write: (o: T) => void) {}

  add(o: T): void {
    while (o.arrival - this.#next >= this.#ring.length) this.#grow();
    this.#ring[o.arrival & (this.#ring.length - 1)] = o;
    const mask = this.#ring.length - 1;
    for (let ready = this.#ring[this.#next & mask]; ready; ready = this.#ring[this.#next & mask]) {
      this.#ring[this.#next++ & mask] = undefined;
      this.write(ready);
    }
  }

  /** At the end of a run cut short (saturated, bounded), write the rest, still in order. */
  flush(): void {
    const rest = this.#ring.filter((o): o is T => o !== undefined);
    for (const o of rest.sort((a, b) => a.arrival - b.arrival)) this.write(o);
    this.#ring.fill(undefined);
  }

  #grow(): void {
    const old = this.#ring;
    const ring: (T | undefined)[] = new Array(old.length * 2);
    for (const o of old) if (o) ring[o.arrival & (ring.length - 1)] = o;
    this.#ring = ring;
  }
}

type Row = JobRecord & { readonly partition?: string; readonly segments?: readonly Omit<Segment, 'job'>[] };
const csvLine = (r: Row): string =>
  [...jobRecordFields.map((f) => String(r[f])), ...(r.partition === undefined ? [] : [r.partition])].join(
    ',',
  );

/**
 * Buffered line output with one write per 64 KiB. The atomic stream writes each chunk to the file
 * at once, so at most one chunk of the schedule is ever held in memory.
 */
class LineSink {
  #buffer: string[] = [];
  #size = 0;
  constructor(readonly stream: NodeJS.WritableStream) {}
  write(line: string): void {
    this.#buffer.push(line);
    this.#size += line.length;
    if (this.#size > 1 << 16) this.flush();
  }
  flush(): void {
    if (this.#buffer.length) this.stream.write(`${this.#buffer.join('\n')}\n`);
    this.#buffer = [];
    this.#size = 0;
  }
}
