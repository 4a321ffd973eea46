import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { defineBench } from '../../../tooling/bench.ts';
import {
  defaultWorkload,
  openWorkload,
  parseSwf,
  readSwf,
  syntheticWorkload,
  writeSwf,
} from '../src/index.ts';

// The largest real trace (447,794 jobs); the repository's parent folder holds `shared/`.
const riccGz = fileURLToPath(new URL('../../../../shared/traces/RICC-2010-2.swf.gz', import.meta.url));
const riccPlain = join(tmpdir(), 'schedlab-bench-RICC-2010-2.swf');
let riccText: Buffer = Buffer.alloc(0);

const decompress = (): void => {
  if (riccText.length > 0) return;
  riccText = gunzipSync(readFileSync(riccGz));
  writeFileSync(riccPlain, riccText);
};

class Discard extends Writable {
  override _write(_chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    done();
  }
}

const SYNTHETIC_JOBS = 1_000_000;

export default defineBench('swf', [
  {
    name: 'parse RICC plain text in memory (sync)',
    setup: decompress,
    run: () => {
      let jobs = 0;
      for (const _ of parseSwf(riccText).jobs) jobs++;
      return { jobs };
    },
  },
  {
    name: 'read RICC plain file (stream, per-job async)',
    setup: decompress,
    run: async () => {
      let jobs = 0;
      for await (const _ of (await readSwf(riccPlain)).jobs) jobs++;
      return { jobs };
    },
  },
  {
    name: 'read RICC .gz file (stream, per-job async)',
    run: async () => {
      let jobs = 0;
      for await (const _ of (await readSwf(riccGz)).jobs) jobs++;
      return { jobs };
    },
  },
  {
    name: 'openWorkload RICC .gz (read + default cleaning)',
    run: async () => {
      let jobs = 0;
      for await (const _ of (await openWorkload(riccGz)).jobs) jobs++;
      return { jobs };
    },
  },
  {
    name: 'write RICC as SWF (to a discarding stream)',
    setup: decompress,
    run: async () => ({ jobs: await writeSwf(new Discard(), { jobs: parseSwf(riccText).jobs }) }),
  },
  {
    name: `synthetic default spec, ${SYNTHETIC_JOBS.toLocaleString('en-US')} jobs`,
    run: () => {
      let jobs = 0;
      for (const _ of syntheticWorkload({ ...defaultWorkload, jobs: SYNTHETIC_JOBS }, { seed: 1 }).jobs)
        jobs++;
      return { jobs };
    },
  },
]);
