import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedlab, schedlabWithInput, trace } from './cli.test-support.ts';

let dir: string;
const kth = trace('KTH-SP2-1996-2.1-cln.swf.gz');
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-inputs-'));
});

const summaryOf = (stdout: string) => (JSON.parse(stdout) as { summary: unknown }).summary;

describe('inputs as users have them', () => {
  it('a trace on standard input, gzipped or plain, gives the figures of the file', async () => {
    const fromFile = await schedlab('compare', '-d', 'fcfs,easy', '-w', kth, '--json');
    const gz = await readFile(kth);
    for (const bytes of [gz, gunzipSync(gz)]) {
      // compare reads the workload once per discipline: standard input is read once, kept, and re-read.
      const piped = await schedlabWithInput(bytes, 'compare', '-d', 'fcfs,easy', '-w', '-', '--json');
      expect(piped.code, piped.stderr).toBe(0);
      const a = JSON.parse(piped.stdout) as { summary: unknown; workload: { name: string } }[];
      const b = JSON.parse(fromFile.stdout) as { summary: unknown }[];
      expect(a.map((r) => r.summary)).toEqual(b.map((r) => r.summary));
      expect(a[0]!.workload.name).toBe('stdin');
    }
  });

  it('a schedule written as .swf.gz says its machine size and reads back as a trace', async () => {
    const out = join(dir, 'default-easy.swf.gz');
    const first = await schedlab('run', '-d', 'easy', '--out', out, '--json');
    expect(first.code, first.stderr).toBe(0);
    const text = gunzipSync(await readFile(out)).toString('utf8');
    // The built-in synthetic workload has no SWF header of its own: MaxProcs is added.
    expect(text).toMatch(/^; MaxProcs: 128$/m);
    const back = await schedlab('run', '-d', 'fcfs', '-w', out, '--json');
    expect(back.code, back.stderr).toBe(0);
    expect(summaryOf(back.stdout)).toMatchObject({ jobs: { finished: 5000 } });
  });

  it('results cannot be kept for a workload on standard input, said before any run', async () => {
    const r = await schedlabWithInput(
      await readFile(kth),
      'compare',
      '-d',
      'fcfs',
      '-w',
      '-',
      '--results',
      join(dir, 'r'),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^schedlab: error CONFIG_ERROR: a workload on standard input is read once and cannot be keyed/,
    );
  });

  it('compare --options gives each discipline its own options, keyed by name, all checked before any run', async () => {
    const spec = join(dir, 'w.json');
    await writeFile(
      spec,
      JSON.stringify({
        kind: 'model',
        model: 'sevcik-94',
        jobs: 300,
        load: 0.5,
        options: { workload: 'WK4' },
      }),
    );
    const partition = async (options: string) => {
      const r = await schedlab(
        'compare',
        '-d',
        'aep,sdf-max',
        '-w',
        spec,
        '--knowledge',
        'both',
        '--options',
        options,
        '--json',
      );
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { summary: { partitionSize: { max: number } } }[]).map(
        (x) => x.summary.partitionSize.max,
      );
    };
    // SDF-Max's cap bounds every partition: 1 by default, 2 when its options say so.
    expect((await partition('{}'))[1]).toBe(1);
    expect((await partition('{"sdf-max":{"cap":2}}'))[1]).toBe(2);
    for (const [options, message] of [
      ['{"cap":2}', /--options names 'cap', which is not compared/],
      ['{"sdf-max":{"cap":0}}', /INVALID_OPTION: invalid options for discipline 'sdf-max': cap = 0/],
      ['{"sdf-max":3}', /the options of 'sdf-max' must be a JSON object/],
    ] as const) {
      const r = await schedlab('compare', '-d', 'aep,sdf-max', '-w', spec, '--options', options);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });
});
