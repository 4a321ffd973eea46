import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { defineBench } from '../../../tooling/bench.ts';

/**
 * The whole `schedlab` process as a user runs it: the built CLI spawned fresh each time, start-up,
 * parsing, scheduling and output included (an in-process figure once hid a 5× overhead). Beside
 * it, the physical limit: Node starting, and Node reading, gunzipping and splitting a trace into
 * fields. The scaling scenarios run each space-sharing discipline on the first 25, 50 and 100 % of
 * RICC's jobs (and conservative on HPC2N's too), so cost against jobs reads off one table: a cost
 * that grows faster than the jobs shows as a falling jobs/s. The other families (preemptive and
 * adaptive LSF, multi-level feedback, gang, coscheduling) run on the first 25 and 50 % of
 * SDSC-SP2's jobs the same way. Needs `pnpm build` first.
 */
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const trace = (name: string) => fileURLToPath(new URL(`../../../../shared/traces/${name}`, import.meta.url));
const SDSC = trace('SDSC-SP2-1998-4.2-cln.swf.gz');
const RICC = trace('RICC-2010-2.swf.gz');
const HPC2N = trace('HPC2N-2002-2.2-cln.swf.gz');

const dir = mkdtempSync(join(tmpdir(), 'schedlab-process-bench-'));
// The harness has no teardown: outputs and trace prefixes go when the bench process ends.
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** Run `node ARGS…`; the jobs it ran, from `run --json`'s summary when it prints one. */
function node(args: readonly string[]): { jobs?: number } {
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (child.status !== 0) throw new Error(`node ${args.join(' ')}: exit ${child.status}\n${child.stderr}`);
  if (!child.stdout.startsWith('{')) return {};
  const run = JSON.parse(child.stdout) as { summary?: { jobs?: { finished?: number } } };
  return { jobs: run.summary?.jobs?.finished };
}

const schedlab = (name: string, args: readonly string[], iterations = 5) => ({
  name: `schedlab ${name}`,
  iterations,
  setup: () => {
    if (!existsSync(cli)) throw new Error('process bench: build the CLI first (pnpm build)');
  },
  run: () => node([cli, ...args]),
});

/** The first `fraction` of a trace's job lines, header kept, as a plain SWF file. */
function prefix(file: string, fraction: number): string {
  const lines = gunzipSync(readFileSync(file)).toString('latin1').split('\n');
  const jobs = lines.filter((l) => l.trim() !== '' && !l.startsWith(';'));
  const kept = jobs.slice(0, Math.round(jobs.length * fraction));
  const out = join(dir, `${fraction * 100}%-${file.split('/').at(-1)!.replace(/\.gz$/, '')}`);
  writeFileSync(out, [...lines.filter((l) => l.startsWith(';')), ...kept].join('\n'));
  return out;
}

const scaling = (discipline: string, file: string, fraction: number, iterations = 1) => {
  let path = '';
  return {
    name: `schedlab run -d ${discipline}, first ${fraction * 100} % of ${file.split('/').at(-1)}`,
    iterations,
    setup: () => {
      path = prefix(file, fraction);
    },
    run: () => node([cli, 'run', '-d', discipline, '-w', path, '--json']),
  };
};

const out = (ending: string) => join(dir, `out.${ending}`);
const parseOnly = `
  const lines = require('zlib').gunzipSync(require('fs').readFileSync(process.argv[1])).toString('latin1').split('\\n');
  let n = 0;
  for (const line of lines) if (line !== '' && line[0] !== ';') { const f = line.trim().split(/\\s+/).map(Number); if (f[0] > 0) n++; }
  if (n === 0) process.exit(1);`;

export default defineBench('whole process', [
  { name: 'node -e 0 (Node start-up)', iterations: 10, run: () => node(['-e', '0']) },
  { name: 'node: gunzip + split SDSC-SP2 (the physical limit)', run: () => node(['-e', parseOnly, SDSC]) },
  schedlab('--help', ['--help'], 10),
  schedlab('list', ['list'], 10),
  schedlab('run --help', ['run', '--help'], 10),
  schedlab('run -d easy -w SDSC-SP2 --out x.swf', [
    'run',
    '-d',
    'easy',
    '-w',
    SDSC,
    '--out',
    out('swf'),
    '--json',
  ]),
  schedlab(
    'run -d easy -w RICC --out x.swf',
    ['run', '-d', 'easy', '-w', RICC, '--out', out('swf'), '--json'],
    2,
  ),
  schedlab('run -d fcfs-ff -w RICC', ['run', '-d', 'fcfs-ff', '-w', RICC, '--json'], 2),
  schedlab('run -d conservative -w SDSC-SP2', ['run', '-d', 'conservative', '-w', SDSC, '--json'], 2),
  ...[0.25, 0.5, 1].map((f) => scaling('conservative', HPC2N, f)),
  ...['fcfs', 'fcfs-ff', 'easy', 'conservative'].flatMap((d) =>
    [0.25, 0.5, 1].map((f) => scaling(d, RICC, f)),
  ),
  ...['lsf-preempt', 'lsf-preempt-ad', 'lsf-mig-adsubset', 'lsf-mlfq', 'gang-brmms', 'glts'].flatMap((d) =>
    [0.25, 0.5].map((f) => scaling(d, SDSC, f)),
  ),
]);
