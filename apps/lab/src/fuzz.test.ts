import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedlab } from './cli.test-support.ts';

/**
 * The CLI fuzzed as a careless user would drive it (08-quality.md): random argument vectors over
 * every command, and workload files with mutated fields, wrong types, unknown keys and odd
 * encodings. Whatever the input, the process exits 0, or 1 (3 for a stalled run) with one coded
 * error line on stderr: no JavaScript internal error, no stack trace without --debug, no hang,
 * and the input files are never changed.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-fuzz-'));
});

const swfLine = (id: number, submit: number, size: number, runtime: number) =>
  [id, submit, -1, runtime, size, -1, -1, size, runtime + 10, -1, 1, -1, -1, -1, -1, -1, -1, -1].join(' ');
const validSwf = [
  '; MaxProcs: 8',
  ...Array.from({ length: 12 }, (_, i) => swfLine(i + 1, i * 7, 1 + (i % 8), 20 + i)),
];

/** Tokens that have broken parsers before: overflow, hex, NaN, empty, negative, text, huge. */
const weirdToken = fc.constantFrom(
  '1e400',
  '-1e400',
  '0x10',
  'NaN',
  'Infinity',
  '',
  '-7',
  'abc',
  '99999999999999999999',
  '2.5',
  '-0',
  '1e-400',
  '٣',
);

/** A workload file: a valid or mutated SWF, a JSON spec valid or broken, or bytes of no format. */
const workloadFile = fc.oneof(
  fc.record({ kind: fc.constant('swf' as const), line: fc.nat(12), field: fc.nat(17), token: weirdToken }),
  fc.record({
    kind: fc.constant('json' as const),
    spec: fc.oneof(
      fc.constant<unknown>({
        kind: 'synthetic',
        jobs: 30,
        processors: 8,
        load: 0.5,
        sizes: { kind: 'constant', value: 2 },
        runtimes: { kind: 'exponential', mean: 60 },
      }),
      fc.constant<unknown>({ kind: 'model', model: 'lublin99', jobs: 30 }),
      fc.constant<unknown>({ kind: 'model', model: 'sevcik-94', jobs: 30, options: { workload: 'WK4' } }),
      fc.record({
        kind: fc.constantFrom('synthetic', 'model', 'swf', 'bogus'),
        jobs: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      }),
      fc.constant<unknown>({
        kind: 'synthetic',
        jobs: 30,
        processors: 8,
        load: 0.5,
        sizes: { kind: 'constant', value: 2 },
        runtimes: { kind: 'exponential', mean: 60 },
        surprise: 1,
      }),
      fc.jsonValue(),
    ),
  }),
  fc.record({
    kind: fc.constant('bytes' as const),
    bytes: fc.uint8Array({ maxLength: 64 }),
    bom: fc.boolean(),
  }),
);
type WorkloadFile = typeof workloadFile extends fc.Arbitrary<infer T> ? T : never;

async function write(file: WorkloadFile, name: string): Promise<string> {
  if (file.kind === 'swf') {
    const lines = validSwf.map((l) => l.split(' '));
    const target = lines[1 + (file.line % 12)]!;
    target[file.field] = file.token;
    const path = join(dir, `${name}.swf`);
    await writeFile(path, `${lines.map((l) => l.join(' ')).join('\n')}\n`);
    return path;
  }
  if (file.kind === 'json') {
    const path = join(dir, `${name}.json`);
    await writeFile(path, JSON.stringify(file.spec) ?? 'undefined');
    return path;
  }
  const path = join(dir, `${name}.swf`);
  await writeFile(path, Buffer.concat([Buffer.from(file.bom ? [0xff, 0xfe] : []), file.bytes]));
  return path;
}

/** Options with values drawn from good and bad ones alike. */
const option = fc.oneof(
  fc.tuple(
    fc.constantFrom(
      '-m',
      '--machine',
      '--max-queued',
      '--max-time',
      '--seed',
      '--jobs',
      '--load',
      '--target',
      '--tolerance',
      '--max-runs',
      '--gantt-step',
      '--warm-up',
      '--measured',
      '--max-replications',
      '--confidence',
      '--precision',
    ),
    weirdToken.map(String),
  ),
  fc.tuple(
    fc.constantFrom('--profile', '--contention', '--stop', '--knowledge', '--route', '--statistic'),
    fc.constantFrom(
      'ideal',
      'gang',
      'lsf-now-97',
      'none',
      'bogus',
      'saturation:5,5',
      'tagged-left:x',
      'both',
      'size',
      'response.mean',
      'nope.nope',
      '',
    ),
  ),
  fc.tuple(
    fc.constantFrom('--options', '--placement'),
    fc.constantFrom(
      '{',
      '[]',
      '{"cap":2}',
      '{"sdf-max":{"cap":2}}',
      '{"maxJobsPerNode":0}',
      'null',
      '{"a":{"b":1}}',
    ),
  ),
  fc.tuple(
    fc.constantFrom('--clean', '--resource'),
    fc.constantFrom('widerThanMachine=clip', 'x=y', 'mem=1e400', 'mem=64', '=', 'bogus'),
  ),
  fc.tuple(
    fc.constantFrom(
      '--exact-runtimes',
      '--lenient',
      '--kill-at-estimate',
      '--json',
      '--replicate',
      '--gantt',
      '--bogus-flag',
    ),
  ),
);

const command = fc.oneof(
  fc.record({
    name: fc.constantFrom('run' as const),
    discipline: fc.constantFrom(
      'fcfs',
      'easy',
      'conservative',
      'aep-2',
      'gang-br',
      'lsf-rtc',
      'dyn-equi',
      'nope',
      '',
    ),
  }),
  fc.record({
    name: fc.constantFrom('compare' as const),
    discipline: fc.constantFrom('fcfs,easy', 'sdf,asp', 'fcfs,,nope', ','),
  }),
  fc.record({ name: fc.constantFrom('calibrate' as const), discipline: fc.constantFrom('easy', 'fcfs') }),
  fc.record({
    name: fc.constantFrom('generate' as const),
    discipline: fc.constantFrom('lublin99', 'zhou-99', 'nope'),
  }),
  fc.record({
    name: fc.constantFrom('list' as const, 'reproduce' as const, 'frob' as const),
    discipline: fc.constantFrom('x', 'leinberger98'),
  }),
);

/** What no error a user sees may contain: the signs of an internal error or of a stack trace. */
const internal =
  /(TypeError|RangeError|ReferenceError|SyntaxError|Cannot read properties|is not a function|is not iterable|undefined is not|Invalid typed array length|Maximum call stack|\n\s+at [^\n]*:\d+:\d+)/;

const digestOf = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

describe('the CLI under fuzzed arguments and inputs', () => {
  it('exits 0 or with one coded error line; never an internal error, a stack, a hang or a changed input', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        command,
        workloadFile,
        fc.array(option, { maxLength: 4 }),
        async (cmd, file, options) => {
          const workload = await write(file, `w${n++}`);
          const before = await digestOf(workload);
          const args: string[] = [cmd.name];
          if (cmd.name === 'run' || cmd.name === 'compare' || cmd.name === 'calibrate')
            args.push(
              cmd.name === 'compare' ? '-d' : '--discipline',
              cmd.discipline,
              '-w',
              workload,
              '--max-time',
              '20000',
            );
          if (cmd.name === 'calibrate') args.push('--target', '2', '--max-runs', '4');
          if (cmd.name === 'generate')
            args.push('--model', cmd.discipline, '--jobs', '20', '--out', join(dir, `g${n}.swf`));
          if (cmd.name === 'reproduce' || cmd.name === 'frob') args.push(cmd.discipline);
          for (const o of options) args.push(...o);
          const started = Date.now();
          const r = await schedlab(...args);
          const shown = `schedlab ${args.join(' ')}\n--- stderr:\n${r.stderr}`;
          expect(Date.now() - started, shown).toBeLessThan(60_000);
          expect([0, 1, 3], shown).toContain(r.code);
          expect(r.stderr, shown).not.toMatch(internal);
          if (r.code !== 0)
            expect(r.stderr.trimEnd().split('\n').at(-1), shown).toMatch(/^schedlab: error [A-Z_]+: /);
          expect(await digestOf(workload), shown).toBe(before);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    );
  }, 600_000);
});
