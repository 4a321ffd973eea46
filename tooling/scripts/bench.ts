/**
 * `pnpm bench [filter…] [--json FILE]`: runs every `packages/* /bench/*.bench.ts` and
 * `apps/* /bench/*.bench.ts` suite with tinybench and prints jobs/s, events/s and items/s per
 * scenario (median of the timed runs, beside their range) as a table, and with `--json FILE` writes the same rows as
 * JSON so two runs can be compared. Figures are reported, never asserted.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';
import type { BenchSuite, WorkCounts } from '../bench.ts';

const root = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
if (jsonAt >= 0 && !jsonFile) throw new Error('pnpm bench: --json needs a file name');
const filters = args.filter((a, i) => !a.startsWith('-') && (jsonAt < 0 || i !== jsonAt + 1));

function suiteFiles(): string[] {
  const files: string[] = [];
  for (const area of ['packages', 'apps']) {
    for (const pkg of readdirSync(join(root, area))) {
      const dir = join(root, area, pkg, 'bench');
      if (!existsSync(dir)) continue;
      for (const f of readdirSync(dir).sort()) if (f.endsWith('.bench.ts')) files.push(join(dir, f));
    }
  }
  return files;
}

const rate = (count: number | undefined, ms: number): string =>
  count === undefined ? '' : Math.round((count * 1000) / ms).toLocaleString('en-US');

const rows: Record<string, string>[] = [];
for (const file of suiteFiles()) {
  const suite = (await import(pathToFileURL(file).href)).default as BenchSuite;
  for (const scenario of suite.scenarios) {
    const label = `${suite.name} › ${scenario.name}`;
    if (filters.length && !filters.some((f) => label.includes(f))) continue;
    await scenario.setup?.();
    let counts: WorkCounts = {};
    const bench = new Bench({
      iterations: scenario.iterations ?? 5,
      time: 0,
      warmup: true,
      warmupIterations: 1,
    });
    bench.add(label, async () => {
      counts = await scenario.run();
    });
    await bench.run();
    const result = bench.tasks[0]!.result;
    if (result.state !== 'completed') throw new Error(`${label}: ${result.state}`);
    const ms = result.latency.p50;
    rows.push({
      scenario: label,
      'median ms': ms.toFixed(2),
      // The spread of the timed runs: a median alone hides a noisy machine.
      'min–max ms': `${result.latency.min.toFixed(0)}–${result.latency.max.toFixed(0)}`,
      'jobs/s': rate(counts.jobs, ms),
      'events/s': rate(counts.events, ms),
      'items/s': rate(counts.items, ms),
      runs: String(result.latency.samplesCount ?? ''),
    });
    console.log(
      `${label}: ${ms.toFixed(2)} ms (${rows.at(-1)!['min–max ms']})  jobs/s ${rows.at(-1)!['jobs/s']}  events/s ${rows.at(-1)!['events/s']}  items/s ${rows.at(-1)!['items/s']}`,
    );
  }
}
console.table(rows);
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(rows, null, 2)}\n`);
