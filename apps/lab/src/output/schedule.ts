import { createWriteStream } from 'node:fs';
import { extname } from 'node:path';
import { ConfigError, type JobOutcome, type RunObserver } from '@js/core';
import { type JobRecord, jobRecord, jobRecordFields } from '@js/metrics';
import { type SwfHeader, SwfWriter } from '@js/workloads';

/** Each discipline's own counters, by discipline (or partition) name. */
type Counters = Readonly<Record<string, Readonly<Record<string, number>>>>;

/**
 * An observer that streams each job's record to a file as it leaves the system, and closes it
 * (a JSON schedule ends with the disciplines' counters, known only then).
 */
export interface ScheduleSink extends RunObserver {
  close(counters?: Counters): Promise<void>;
}

const SWF_STATUS_COMPLETED = 1;
const SWF_STATUS_FAILED = 0;

/**
 * Write the simulated schedule to `path`, its format chosen by extension: `.swf` (the trace's
 * fields with the simulated wait in field 3, the run time in field 4, the processors in field 5
 * and status 1/0 in field 11), `.json` (`{ "jobs": [per-job records], "counters": {…} }`, the
disciplines' own counters) or `.csv`. Jobs are written
 * in arrival order, as SWF requires, through a reorder buffer that holds only jobs that have
 * left while an older one is still in the system. With `partitioned`, JSON and CSV records also
 * name the partition that ran the job (`partition`, the last CSV column).
 */
export function scheduleSink(
  path: string,
  header: SwfHeader | undefined,
  comment: string,
  partitioned = false,
): ScheduleSink {
  const ext = extname(path).toLowerCase();
  if (ext !== '.swf' && ext !== '.json' && ext !== '.csv') {
    throw new ConfigError(`--out ${path}: unknown format '${ext || '(none)'}'; use .swf, .json or .csv`);
  }
  const stream = createWriteStream(path);
  if (ext === '.swf') {
    const writer = new SwfWriter(stream, path);
    writer.header([...(header?.lines ?? []), `; ${comment}`]);
    const order = new ArrivalOrder((o) => {
      writer.job(o.job, {
        waitTime: o.start - o.job.submit,
        runTime: o.end - o.start,
        allocatedProcessors: o.processors,
        status: o.ending === 'finished' ? SWF_STATUS_COMPLETED : SWF_STATUS_FAILED,
      });
    });
    return {
      jobEnded: (o) => order.add(o),
      close: () => {
        order.flush();
        return writer.end();
      },
    };
  }
  const lines = new LineSink(stream);
  const format = ext === '.json' ? jsonLine : csvLine;
  let first = true;
  if (ext === '.csv') lines.write([...jobRecordFields, ...(partitioned ? ['partition'] : [])].join(','));
  else lines.write('{"jobs":[');
  const order = new ArrivalOrder((o) => {
    lines.write(format(partitioned ? { ...jobRecord(o), partition: o.discipline } : jobRecord(o), first));
    first = false;
  });
  return {
    jobEnded: (o) => order.add(o),
    close: async (counters = {}) => {
      order.flush();
      if (ext === '.json') lines.write(`],"counters":${JSON.stringify(counters)}}`);
      await lines.end();
    },
  };
}

/** Passes outcomes on in arrival order, holding back those that overtook an older job. */
class ArrivalOrder {
  readonly #held = new Map<number, JobOutcome>();
  #next = 0;
  constructor(readonly write: (o: JobOutcome) => void) {}

  add(o: JobOutcome): void {
    this.#held.set(o.arrival, o);
    for (let ready = this.#held.get(this.#next); ready; ready = this.#held.get(this.#next)) {
      this.#held.delete(this.#next++);
      this.write(ready);
    }
  }

  /** At the end of a run cut short (saturated, bounded), write the rest, still in order. */
  flush(): void {
    for (const o of [...this.#held.values()].sort((a, b) => a.arrival - b.arrival)) this.write(o);
    this.#held.clear();
  }
}

type Row = JobRecord & { readonly partition?: string };
const jsonLine = (r: Row, first: boolean): string => `${first ? '' : ','}${JSON.stringify(r)}`;
const csvLine = (r: Row): string =>
  [...jobRecordFields.map((f) => String(r[f])), ...(r.partition === undefined ? [] : [r.partition])].join(
    ',',
  );

/** Buffered line output with one flush per 64 KiB. */
class LineSink {
  #buffer: string[] = [];
  #size = 0;
  constructor(readonly stream: NodeJS.WritableStream) {}
  write(line: string): void {
    this.#buffer.push(line);
    this.#size += line.length;
    if (this.#size > 1 << 16) this.#flush();
  }
  end(): Promise<void> {
    this.#flush();
    return new Promise((resolve, reject) => {
      this.stream.on('error', reject);
      this.stream.end(resolve);
    });
  }
  #flush(): void {
    if (this.#buffer.length) this.stream.write(`${this.#buffer.join('\n')}\n`);
    this.#buffer = [];
    this.#size = 0;
  }
}
