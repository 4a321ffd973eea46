import { createWriteStream } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ConfigError, type JobOutcome, type RunObserver } from '@js/core';
import { type JobRecord, jobRecord, jobRecordFields } from '@js/metrics';
import { type SwfHeader, SwfWriter } from '@js/workloads';

/** An observer that streams each job's record to a file as it leaves the system, and closes it. */
export interface ScheduleSink extends RunObserver {
  close(): Promise<void>;
}

const SWF_STATUS_COMPLETED = 1;
const SWF_STATUS_FAILED = 0;

/**
 * Write the simulated schedule to `path`, its format chosen by extension: `.swf` (the trace's
 * fields with the simulated wait in field 3, the run time in field 4, the processors in field 5
 * and status 1/0 in field 11), `.json` (an array of per-job records) or `.csv`. Jobs are written
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
  else lines.write('[');
  const order = new ArrivalOrder((o) => {
    lines.write(format(partitioned ? { ...jobRecord(o), partition: o.discipline } : jobRecord(o), first));
    first = false;
  });
  return {
    jobEnded: (o) => order.add(o),
    close: async () => {
      order.flush();
      if (ext === '.json') lines.write(']');
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

/** Where `--out <path>` puts the run's discipline counters: a side file, so the schedule keeps its shape. */
export const countersPath = (path: string): string => `${path}.counters.json`;

/**
 * Write each discipline's counters (by discipline or partition name) next to the schedule, as
 * `{ "counters": { "easy": { "backfilled": 12 } } }`, through a temporary file renamed into place.
 */
export async function writeCounters(
  path: string,
  counters: Readonly<Record<string, Readonly<Record<string, number>>>>,
): Promise<string> {
  const target = countersPath(path);
  const partial = `${target}.partial`;
  await writeFile(partial, `${JSON.stringify({ counters }, null, 2)}\n`);
  await rename(partial, target);
  return target;
}

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
